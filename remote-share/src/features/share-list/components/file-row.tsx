import { memo, useState } from 'react';
import { MediaType, type SharedItemState } from 'shared-contracts';
import { CheckIcon, FolderIcon, InfoIcon } from '../../../components/ui/icons';
import { TypedName } from '../../../components/ui/name-in-text';
import { SafeImage } from '../../../components/ui/safe-image';
import { fileKindOf } from '../../../lib/file-kind';
import { formatDate, formatDuration, formatFileSize, isoInstantOf } from '../../../lib/format';
import { useHost, useTexts } from '../../../lib/host-context';
import { kindTextOf } from './file-type';
import { FileTypeIcon } from './file-type-icon';
import { useLongPress } from './use-long-press';
import './file-row.css';

export interface FileRowProps {
  item: SharedItemState;
  onOpen(item: SharedItemState): void;
  /** Shows the item's details (its type, size, dates, where it is). */
  onDetails(item: SharedItemState): void;
  /** `range`: Shift was held, and the check goes from the last item toggled to this one. */
  onToggle(id: number, range: boolean): void;
  /** The list is scrolling: a row that appears meanwhile shows its thumbnail once it stops. */
  scrolling: boolean;
}

/** Whether a click (or the Space or Enter that made it) came with Shift held. */
const withShift = (event: Event) => event instanceof MouseEvent && event.shiftKey;

/**
 * One shared file or folder: thumbnail, duration badge, name, time, size, its details button
 * and its check box. The open button is named by the file's name and described by its kind and
 * details; it covers the whole row (the details button and the check box sit above it). Shift
 * with a click or Space, on the row or its check box, selects a range; a finger's long press on
 * the row toggles its check.
 */
export const FileRow = memo(function FileRow({
  item,
  onOpen,
  onDetails,
  onToggle,
  scrolling,
}: FileRowProps) {
  // A fling through 10,000 rows would otherwise start an image load for every row it passes.
  const [thumbShown, setThumbShown] = useState(!scrolling);
  if (!thumbShown && !scrolling) setThumbShown(true);
  const { language } = useHost();
  const t = useTexts();
  const isFolder = item.is_folder === 1;
  const kind = fileKindOf(item);
  const kindText = kindTextOf(item, t);
  const isTimed =
    !isFolder && (item.media_type === MediaType.Video || item.media_type === MediaType.Audio);
  const size = isFolder ? null : formatFileSize(item.total_size, language, t);
  const unixTime = item.update_time || item.create_time;
  const time = formatDate(unixTime, language);
  const duration = isTimed ? formatDuration(item.duration) : null;
  // From the item's id: the same in the server's first screen and the app's render.
  const detailsId = `ns-row-details-${item.id}`;
  const { endsLongPress, ...longPress } = useLongPress(() => onToggle(item.id, false));
  return (
    <div className={`ns-row ${item.check ? 'ns-row--checked' : ''}`} {...longPress}>
      <span className="ns-row__thumb" aria-hidden="true">
        {isFolder ? <FolderIcon /> : <FileTypeIcon kind={kind} />}
        {!isFolder && thumbShown ? (
          <SafeImage className="ns-row__img" src={item.thumb_url} alt="" />
        ) : null}
        {duration ? <span className="ns-row__duration">{duration}</span> : null}
      </span>
      <span className="ns-row__text">
        <button
          type="button"
          className="ns-row__open"
          // The name shows two lines at most: the tooltip holds it whole.
          title={item.name}
          aria-describedby={detailsId}
          onClick={(event) => {
            if (endsLongPress()) return;
            if (event.shiftKey) onToggle(item.id, true);
            else onOpen(item);
          }}
        >
          <span className="ns-row__name">
            <TypedName name={item.name} />
          </span>
        </button>
        <span className="ns-row__meta" id={detailsId}>
          <span className="uk-visually-hidden">
            {duration
              ? t('rowKindWithDuration', { kind: kindText, duration })
              : t('rowKind', { kind: kindText })}
          </span>
          {time ? (
            // The instant lets the first screen show it in the visitor's zone before the app runs
            // (FIRST_SCREEN_DATES_SCRIPT in shared-contracts).
            <time className="ns-row__time" dateTime={isoInstantOf(unixTime)}>
              {time}
            </time>
          ) : null}
          {size ? <span>{size}</span> : null}
        </span>
      </span>
      <button
        type="button"
        className="ns-row__info"
        aria-label={t('detailsOf', { name: item.name })}
        aria-haspopup="dialog"
        onClick={() => onDetails(item)}
      >
        <InfoIcon />
      </button>
      <label className="ns-row__check">
        <input
          type="checkbox"
          className="ns-row__checkbox"
          checked={item.check}
          aria-label={t('selectItem', { name: item.name })}
          onChange={(event) => onToggle(item.id, withShift(event.nativeEvent))}
        />
        <span className="ns-row__box" aria-hidden="true">
          <CheckIcon />
        </span>
      </label>
    </div>
  );
});
