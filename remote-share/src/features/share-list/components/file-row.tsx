import { memo, useState, type ReactNode } from 'react';
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
import '../../../components/ui/open-cover.css';

export interface FileRowProps {
  item: SharedItemState;
  onOpen(item: SharedItemState): void;
  /** Shows the item's details (its type, size, dates, where it is). */
  onDetails(item: SharedItemState): void;
  /** `range`: Shift was held, and the check goes from the last item toggled to this one. */
  onToggle(id: number, range: boolean): void;
  /** The list is scrolling: a row that appears meanwhile shows its thumbnail once it stops. */
  scrolling: boolean;
  /** A row of the desktop table: its parts are cells, the size and date each in its column. */
  table?: boolean;
}

/** A cell of a table's row; in the phone's list, just its contents. */
function Cell({
  table,
  className,
  children,
}: {
  table: boolean;
  className: string;
  children: ReactNode;
}) {
  return table ? (
    <div role="cell" className={className}>
      {children}
    </div>
  ) : (
    children
  );
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
  table = false,
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
  const timeElement = time ? (
    // The instant lets the first screen show it in the visitor's zone before the app runs
    // (FIRST_SCREEN_DATES_SCRIPT in shared-contracts).
    <time className="ns-row__time" dateTime={isoInstantOf(unixTime)}>
      {time}
    </time>
  ) : null;
  const sizeElement = size ? <span>{size}</span> : null;
  // In the table the date and size are cells of their own, still read with the name on Tab.
  const describedBy = table
    ? [detailsId, time ? `${detailsId}-time` : '', size ? `${detailsId}-size` : '']
        .filter(Boolean)
        .join(' ')
    : detailsId;
  return (
    <div
      className={[
        'ns-row',
        table && 'ns-row--table ns-table-columns',
        item.check && 'ns-row--checked',
      ]
        .filter(Boolean)
        .join(' ')}
      {...longPress}
    >
      <Cell table={table} className="ns-row__name-cell">
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
            className="ns-row__open ns-open-cover"
            // The name shows two lines at most: the tooltip holds it whole.
            title={item.name}
            aria-describedby={describedBy}
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
            {table ? null : timeElement}
            {table ? null : sizeElement}
          </span>
        </span>
      </Cell>
      {table ? (
        <>
          <div role="cell" className="ns-table-columns__size" id={`${detailsId}-size`}>
            {sizeElement}
          </div>
          <div role="cell" className="ns-table-columns__time" id={`${detailsId}-time`}>
            {timeElement}
          </div>
        </>
      ) : null}
      <Cell table={table} className="ns-table-columns__actions">
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
      </Cell>
    </div>
  );
});
