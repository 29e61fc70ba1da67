import type { ReactNode } from 'react';
import type { ShareUserInfo } from 'shared-contracts';
import { Avatar } from '../../../components/ui/avatar';
import { ExpiryText } from '../../../components/ui/expiry-text';
import { FlagIcon } from '../../../components/ui/icons';
import { TypedName } from '../../../components/ui/name-in-text';
import { useHost, useTexts } from '../../../lib/host-context';

/** The share's header: sharer, expiry, Report and (given by the page) the save button. */
export function ShareHeader({
  sharer,
  expiryTime,
  onReport,
  saveButton,
}: {
  sharer: ShareUserInfo;
  expiryTime: number;
  onReport(): void;
  saveButton?: ReactNode;
}) {
  const host = useHost();
  const t = useTexts();
  const nickname = sharer.nick_name || host.config.productName;
  return (
    <header className="ns-share-header">
      <Avatar src={sharer.avatar} name={nickname} size={48} />
      <div className="ns-share-header__text">
        {/* A long nickname ends in an ellipsis: its tooltip holds it whole. */}
        <p className="ns-share-header__name" title={nickname}>
          <TypedName name={nickname} />
        </p>
        <p className="ns-share-header__meta">
          <ExpiryText expiryTime={expiryTime} />
        </p>
      </div>
      <div className="ns-share-header__actions">
        <button
          type="button"
          className="ns-button ns-button--secondary ns-button--small"
          onClick={onReport}
        >
          <FlagIcon />
          {t('report')}
        </button>
        {saveButton}
      </div>
    </header>
  );
}
