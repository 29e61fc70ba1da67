import type { ApiTransportError } from 'shared-contracts';

/** A call that got no envelope back: it timed out, the network failed, or the server answered junk. */
export class TransportError extends Error implements ApiTransportError {
  constructor(
    message: string,
    readonly kind: ApiTransportError['kind'],
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiTransportError';
  }
}
