import type { ReactNode } from 'react';
import type { ShareInfo } from 'shared-contracts';
import { Avatar } from '../../../components/ui/avatar';
import { ExpiryText } from '../../../components/ui/expiry-text';
import { FlagIcon } from '../../../components/ui/icons';
import { TypedName } from '../../../components/ui/name-in-text';
import { formatFileSize } from '../../../lib/format';
import { useHost, useTexts } from '../../../lib/host-context';

/**
 * The share's header: what the share is (its name, then its sharer, expiry, and how many files
 * of what size it holds at every depth), Report and (given by the page) the save button. A share
 * without a name is titled by its sharer, as the product specifies the header.
 */
export function ShareHeader({
  info,
  titleInHeading = false,
  onReport,
  saveButton,
}: {
  info: ShareInfo;
  /** The screen's heading says the share's name already: a screen reader hears it once. */
  titleInHeading?: boolean;
  onReport(): void;
  saveButton?: ReactNode;
}) {
  const host = useHost();
  const t = useTexts();
  const nickname = info.user_info.nick_name || host.config.productName;
  const shareName = info.share_name.trim();
  const title = shareName || nickname;
  return (
    <header className="ns-share-header">
      <Avatar src={info.user_info.avatar} name={nickname} size={48} />
      <div className="ns-share-header__text">
        {/* The share's name wraps: it is read whole, however long. */}
        <p className="ns-share-header__name" aria-hidden={titleInHeading || undefined}>
          <TypedName name={title} />
        </p>
        <p className="ns-share-header__meta">
          {shareName ? (
            // A long nickname ends in an ellipsis: its tooltip holds it whole.
            <span className="ns-share-header__sharer" title={nickname}>
              <TypedName name={nickname} />
            </span>
          ) : null}
          <span className="ns-share-header__expiry">
            <ExpiryText expiryTime={info.expiry_time} />
          </span>
        </p>
        <p className="ns-share-header__meta">
          {t('shareContents', {
            count: info.file_count,
            size: formatFileSize(info.total_size, host.language, t),
          })}
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
