import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Product, UpgradeSheetProps } from 'shared-contracts';
import { Dialog, type DialogClassNames } from 'ui-kit';
import { autoRenewalLink, defaultProductIndex, isPhone, purchaseLabel } from '../plans';
import { textsIn } from '../texts';
import { useProducts } from '../hooks/use-products';
import { Benefits } from './benefits';
import { PlanPicker } from './plan-picker';
import './upgrade-sheet.css';

interface UpgradeSheetDialogProps extends UpgradeSheetProps {
  /**
   * This remote's release: for developers, the footer's `data-release` (users see no release
   * line; the standalone page shows it).
   */
  release: string;
}

/** This remote's look of ui-kit's dialog parts (see upgrade-sheet.css). */
const CLASS_NAMES: DialogClassNames = {
  root: 'upgrade-overlay',
  backdrop: 'upgrade-overlay__backdrop',
  header: 'upgrade-sheet__header',
  title: 'upgrade-sheet__title',
  description: 'upgrade-sheet__subtitle',
  close: 'upgrade-sheet__close',
};

/** The paid-plan bottom sheet: benefits, plans, legal links and the purchase button. */
export function UpgradeSheetDialog({ host, open, onClose, release }: UpgradeSheetDialogProps) {
  const { platform } = useSnapshot(host.platform);
  const t = textsIn(host.language);
  const { products, status, retry } = useProducts(host, open);
  // The user's choice belongs to one list of plans; a new list starts on its default plan.
  const [choice, setChoice] = useState<{ list: readonly Product[]; index: number } | null>(null);
  const selected = choice?.list === products ? choice.index : defaultProductIndex(products);
  const select = (index: number) => setChoice({ list: products, index });
  const layout = platform === 'other' ? 'grid' : 'carousel';
  const product = selected === null ? null : (products[selected] ?? null);
  const label = purchaseLabel(product);
  const { links } = host.config;

  const purchase = () => {
    if (isPhone(platform)) host.deepLink.open({ path: 'pay' });
    else host.downloadDialog.open();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title={t('title')}
      description={t('subtitle')}
      closeLabel={t('close')}
      closePlacement="start"
      initialFocus="first"
      grip={false}
      className={`upgrade-sheet upgrade-sheet--${layout}`}
      classNames={CLASS_NAMES}
    >
      <Benefits platform={platform} t={t} />

      {products.length > 0 ? (
        <PlanPicker
          products={products}
          selected={selected}
          onSelect={select}
          layout={layout}
          t={t}
        />
      ) : status === 'loading' ? (
        <p role="status" className="upgrade-sheet__state">
          {t('loadingPlans')}
        </p>
      ) : (
        <div role="alert" className="upgrade-sheet__state">
          <span>{t('plansFailed')}</span>
          <button type="button" className="upgrade-sheet__retry" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      )}

      <button type="button" className="upgrade-sheet__purchase" onClick={purchase}>
        {label.kind === 'purchase' ? t('purchase', { amount: label.amount }) : t('pay')}
      </button>

      <footer className="upgrade-sheet__footer" data-release={release}>
        <nav className="upgrade-sheet__links" aria-label={t('legal')}>
          <a href={links.userAgreement} target="_blank" rel="noopener noreferrer">
            {t('userAgreement')}
          </a>
          <a href={links.privacyPolicy} target="_blank" rel="noopener noreferrer">
            {t('privacyPolicy')}
          </a>
          <a href={autoRenewalLink(platform, links)} target="_blank" rel="noopener noreferrer">
            {t('autoRenewal')}
          </a>
        </nav>
      </footer>
    </Dialog>
  );
}
