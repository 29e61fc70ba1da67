import { expiryOf } from '../../lib/format';
import { useTexts } from '../../lib/host-context';

/** 'Permanent', 'Expires in N days' or 'Expires in N hours' (docs/product.md, "Formats"). */
export function ExpiryText({ expiryTime }: { expiryTime: number }) {
  const t = useTexts();
  const expiry = expiryOf(expiryTime);
  if (expiry.kind === 'permanent') return <>{t('permanent')}</>;
  if (expiry.kind === 'days') {
    return <>{expiry.n === 1 ? t('expiresInDay') : t('expiresInDays', { n: expiry.n })}</>;
  }
  return <>{expiry.n === 1 ? t('expiresInHour') : t('expiresInHours', { n: expiry.n })}</>;
}
