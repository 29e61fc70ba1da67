import { memo, useState } from 'react';
import { MediaType, type SharedItemState } from 'shared-contracts';
import { CheckIcon, FileIcon, FolderIcon } from '../../components/ui/icons';
import { SafeImage } from '../../components/ui/safe-image';
import { formatDate, formatDuration, formatSize } from '../../lib/format';
import { useT } from '../../lib/host-context';

export interface FileRowProps {
  item: SharedItemState;
  onOpen(item: SharedItemState): void;
  onToggle(id: number): void;
  /** The list is scrolling: a row that appears meanwhile shows its thumbnail once it stops. */
  scrolling: boolean;
}

/** One shared file or folder: thumbnail, duration badge, name, time, size and its check box. */
export const FileRow = memo(function FileRow({ item, onOpen, onToggle, scrolling }: FileRowProps) {
  // A fling through 10,000 rows would otherwise start an image load for every row it passes.
  const [thumbShown, setThumbShown] = useState(!scrolling);
  if (!thumbShown && !scrolling) setThumbShown(true);
  const t = useT();
  const isFolder = item.is_folder === 1;
  const isTimed =
    !isFolder && (item.media_type === MediaType.Video || item.media_type === MediaType.Audio);
  const size = isFolder ? null : (formatSize(item.total_size) ?? t('unknownSize'));
  const time = formatDate(item.update_time || item.create_time);
  return (
    <div className={`ns-row ${item.check ? 'ns-row--checked' : ''}`}>
      <button
        type="button"
        className="ns-row__open"
        aria-label={item.name}
        onClick={() => onOpen(item)}
      >
        <span className="ns-row__thumb">
          {isFolder ? <FolderIcon /> : <FileIcon mediaType={item.media_type} />}
          {!isFolder && thumbShown ? (
            <SafeImage className="ns-row__img" src={item.thumb_url} alt="" />
          ) : null}
          {isTimed ? (
            <span className="ns-row__duration">{formatDuration(item.duration)}</span>
          ) : null}
        </span>
        <span className="ns-row__text">
          <span className="ns-row__name">{item.name}</span>
          <span className="ns-row__meta">
            {time ? <span className="ns-row__time">{time}</span> : null}
            {size ? <span>{size}</span> : null}
          </span>
        </span>
      </button>
      <label className="ns-row__check">
        <input
          type="checkbox"
          className="ns-row__checkbox"
          checked={item.check}
          aria-label={t('selectItem', { name: item.name })}
          onChange={() => onToggle(item.id)}
        />
        <span className="ns-row__box" aria-hidden="true">
          <CheckIcon />
        </span>
      </label>
    </div>
  );
});
