import { useId, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Product, UpgradeSheetProps } from 'shared-contracts';
import { autoRenewalLink, defaultProductIndex, isPhone, purchaseLabel } from '../../../lib/plans';
import { translatorFor } from '../../../lib/texts';
import { useFocusTrap } from '../hooks/use-focus-trap';
import { useProducts } from '../hooks/use-products';
import { Benefits } from './benefits';
import { PlanPicker } from './plan-picker';
import './upgrade-sheet.css';

interface UpgradeSheetDialogProps extends UpgradeSheetProps {
  /** This remote's release, shown in the footer. */
  release: string;
}

/** The paid-plan bottom sheet: benefits, plans, legal links and the purchase button. */
export function UpgradeSheetDialog({ host, open, onClose, release }: UpgradeSheetDialogProps) {
  const { platform } = useSnapshot(host.platform);
  const t = useMemo(() => translatorFor(host.language), [host.language]);
  const { products, status, retry } = useProducts(host, open);
  // The user's choice belongs to one list of plans; a new list starts on its default plan.
  const [choice, setChoice] = useState<{ list: readonly Product[]; index: number } | null>(null);
  const selected = choice?.list === products ? choice.index : defaultProductIndex(products);
  const select = (index: number) => setChoice({ list: products, index });
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const subtitleId = useId();

  useFocusTrap(dialog, open, onClose);

  if (!open) return null;

  const layout = platform === 'other' ? 'grid' : 'carousel';
  const product = selected === null ? null : (products[selected] ?? null);
  const label = purchaseLabel(product);
  const { links } = host.config;

  const purchase = () => {
    if (isPhone(platform)) host.deepLink.open({ path: 'pay' });
    else host.downloadDialog.open();
  };

  return (
    <div className="upgrade-overlay" onClick={onClose}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subtitleId}
        tabIndex={-1}
        className={`upgrade-sheet upgrade-sheet--${layout}`}
        onClick={(event) => event.stopPropagation()}
      >
        <header className="upgrade-sheet__header">
          <button
            type="button"
            className="upgrade-sheet__close"
            aria-label={t('close')}
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
          <h2 id={titleId} className="upgrade-sheet__title">
            {t('title')}
          </h2>
          <p id={subtitleId} className="upgrade-sheet__subtitle">
            {t('subtitle')}
          </p>
        </header>

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

        <footer className="upgrade-sheet__footer">
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
          <small className="upgrade-sheet__release" data-release={release}>
            {t('release', { release })}
          </small>
        </footer>
      </div>
    </div>
  );
}
