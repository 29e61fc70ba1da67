import type { SharedItemState } from 'shared-contracts';
import { Modal } from '../../../components/ui/modal';
import { NAME_SLOT, NameInText } from '../../../components/ui/name-in-text';
import { useHost, useTexts } from '../../../lib/host-context';
import { detailLines } from './item-details';
import { useImageSize } from './use-image-size';
import './details-panel.css';

export interface DetailsPanelProps {
  open: boolean;
  /** The item shown (kept after closing, while the panel animates away). */
  item: SharedItemState | null;
  /** Where the item is: the names of the folders from the share's root down to its folder. */
  location: readonly string[];
  /** Opens the item as its row does (a folder, or its preview); the panel closes first. */
  onOpenItem(item: SharedItemState): void;
  onClose(): void;
}

/**
 * An item's details (docs/product.md, "Details"): its type, size, duration or dimensions, when it
 * was modified and where it is in the share, under its whole name. A side panel on a wide screen,
 * a bottom sheet on a phone; Escape, Close or the backdrop close it and the focus goes back to
 * the row's details button.
 */
export function DetailsPanel({ open, item, location, onOpenItem, onClose }: DetailsPanelProps) {
  const { language } = useHost();
  const t = useTexts();
  const pixels = useImageSize(open ? item : null);
  if (!item) return null;
  const lines = detailLines(item, language, t, pixels);
  return (
    <Modal
      open={open}
      onClose={onClose}
      variant="side"
      closeLabel={t('close')}
      className="ns-details"
      title={<NameInText message={t('detailsOf', { name: NAME_SLOT })} name={item.name} />}
      footer={
        <button
          type="button"
          className="ns-button ns-button--primary"
          onClick={() => {
            onClose();
            onOpenItem(item);
          }}
        >
          {t('openItem')}
        </button>
      }
    >
      <dl className="ns-details__lines">
        {lines.map((line) => (
          <div key={line.label} className="ns-details__line">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
        <div className="ns-details__line">
          <dt>{t('detailLocation')}</dt>
          <dd>
            <ol className="ns-details__path">
              {location.map((name, index) => (
                <li key={index}>
                  <bdi>{name}</bdi>
                </li>
              ))}
            </ol>
          </dd>
        </div>
      </dl>
    </Modal>
  );
}
