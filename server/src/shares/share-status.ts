import { ShareStatus } from 'shared-contracts';
import { nowSeconds } from '../lib/time';
import type { ShareRow } from '../plugins/app/shares';

/** What a visitor is told of a share that is no longer open. */
export const STATUS_MESSAGES: Record<number, string> = {
  [ShareStatus.Canceled]: 'Share canceled',
  [ShareStatus.Expired]: 'Share expired',
  [ShareStatus.Deleted]: 'The file has been deleted by the sharer',
};

/** A valid share past its expiry time reads as expired. */
export function effectiveStatus(share: ShareRow, now = nowSeconds()): number {
  const valid = share.status === ShareStatus.Valid || share.status === ShareStatus.Legacy;
  if (valid && share.expiryTime !== 0 && share.expiryTime < now) return ShareStatus.Expired;
  return share.status === ShareStatus.Legacy ? ShareStatus.Valid : share.status;
}
