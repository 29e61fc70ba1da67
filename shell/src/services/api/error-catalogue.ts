import { ResponseCode, SILENT_CODES, type ApiEnvelope, type ToastService } from 'shared-contracts';

export interface CatalogueContext {
  toast: ToastService;
  /** Clears the login (user and stored token) on code 2000. */
  clearLogin(): void;
  /** No toast at all (the event report). */
  silent: boolean;
  /** Codes the caller shows itself: no toast for them. */
  quietCodes: readonly number[];
}

/**
 * docs/product.md, "Response codes", for an answer that carries an envelope; the caller gets the
 * envelope back.
 */
export function applyResponseCode(envelope: ApiEnvelope<unknown>, context: CatalogueContext): void {
  const { code, msg } = envelope;
  if (code === ResponseCode.Success || SILENT_CODES.includes(code)) return;
  if (code === ResponseCode.LoginRequired) {
    context.toast.hide();
    context.clearLogin();
    if (!context.silent && msg) context.toast.show(msg);
    return;
  }
  if (context.silent || context.quietCodes.includes(code)) return;
  context.toast.hide();
  if (msg) context.toast.show(msg);
}

export function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    'msg' in value
  );
}
