import { memo, useState } from 'react';
import type { SharedItemState } from 'shared-contracts';
import { CheckIcon, FolderIcon, InfoIcon } from '../../../components/ui/icons';
import { TypedName } from '../../../components/ui/name-in-text';
import { fileKindOf } from '../../../lib/file-kind';
import { useTexts } from '../../../lib/host-context';
import { safeMediaUrl } from '../../../lib/safe-url';
import { kindTextOf } from '../components/file-type';
import { FileTypeIcon } from '../components/file-type-icon';
import { useLongPress } from '../components/use-long-press';
import '../../../components/ui/open-cover.css';

/** The thumbnails' intrinsic size (the server's 256 px render): the box reserves it, nothing moves. */
const THUMB_PX = 256;
/**
 * The first tiles' thumbnails load at once (a phone's first screen shows about this many): the
 * largest of them is the page's largest paint, which a lazy image would hold back.
 */
const EAGER_TILES = 12;

export interface GridTileProps {
  item: SharedItemState;
  index: number;
  /** The tile that takes the Tab into the grid (roving focus). */
  active: boolean;
  /** The grid is scrolling: a tile that appears meanwhile loads its thumbnail once it stops. */
  scrolling: boolean;
  onOpen(item: SharedItemState): void;
  onDetails(item: SharedItemState): void;
  onToggle(id: number, range: boolean): void;
}

/** A tile's picture: the server's thumbnail, or the type icon without one or when it fails. */
function TileThumb({
  item,
  load,
  eager,
}: {
  item: SharedItemState;
  load: boolean;
  eager: boolean;
}) {
  const src = safeMediaUrl(item.grid_thumb_url);
  const src2x = safeMediaUrl(item.grid_thumb_url_2x);
  const [failed, setFailed] = useState<string | null>(null);
  const isFolder = item.is_folder === 1;
  const icon = isFolder ? (
    <FolderIcon size={48} />
  ) : (
    <FileTypeIcon kind={fileKindOf(item)} size={48} />
  );
  if (!src || failed === src || !load) return <span className="ns-tile__icon">{icon}</span>;
  return (
    <img
      className="ns-tile__img"
      src={src}
      srcSet={src2x ? `${src} 1x, ${src2x} 2x` : undefined}
      width={THUMB_PX}
      height={THUMB_PX}
      alt={item.name}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}

/**
 * One tile of the grid: its thumbnail (or type icon), its name under it, its check box and
 * details button. The open button (named by the file's name, described by its kind) is the
 * tile's focus stop, which the arrow keys move; its cover spans the tile, so a tap anywhere opens.
 * The focused tile's details button and check box come after it on Tab (a list row's do too),
 * then Tab leaves the grid.
 */
export const GridTile = memo(function GridTile({
  item,
  index,
  active,
  scrolling,
  onOpen,
  onDetails,
  onToggle,
}: GridTileProps) {
  const t = useTexts();
  const [load, setLoad] = useState(!scrolling);
  if (!load && !scrolling) setLoad(true);
  const kindId = `ns-tile-kind-${item.id}`;
  // A finger resting on the tile selects it, as on a list's row; its release opens nothing.
  const { endsLongPress, ...longPress } = useLongPress(() => onToggle(item.id, false));
  return (
    <div
      role="gridcell"
      aria-selected={item.check}
      className={item.check ? 'ns-tile ns-tile--checked' : 'ns-tile'}
      {...longPress}
    >
      <span className="ns-tile__thumb">
        <TileThumb item={item} load={load} eager={index < EAGER_TILES} />
      </span>
      <button
        type="button"
        className="ns-tile__open ns-open-cover"
        data-tile-index={index}
        tabIndex={active ? 0 : -1}
        title={item.name}
        aria-describedby={kindId}
        onClick={(event) => {
          if (endsLongPress()) return;
          if (event.shiftKey) onToggle(item.id, true);
          else onOpen(item);
        }}
      >
        <span className="ns-tile__name">
          <TypedName name={item.name} />
        </span>
      </button>
      <span className="uk-visually-hidden" id={kindId}>
        {t('rowKind', { kind: kindTextOf(item, t) })}
      </span>
      <button
        type="button"
        className="ns-tile__info"
        // The focused tile's details and check box follow it on Tab, as a list row's do.
        tabIndex={active ? 0 : -1}
        aria-label={t('detailsOf', { name: item.name })}
        aria-haspopup="dialog"
        onClick={() => {
          if (!endsLongPress()) onDetails(item);
        }}
      >
        <InfoIcon />
      </button>
      <label className="ns-tile__check">
        <input
          type="checkbox"
          className="ns-tile__checkbox"
          tabIndex={active ? 0 : -1}
          checked={item.check}
          aria-label={t('selectItem', { name: item.name })}
          onChange={(event) =>
            onToggle(item.id, event.nativeEvent instanceof MouseEvent && event.nativeEvent.shiftKey)
          }
        />
        <span className="ns-tile__box" aria-hidden="true">
          <CheckIcon />
        </span>
      </label>
    </div>
  );
});
