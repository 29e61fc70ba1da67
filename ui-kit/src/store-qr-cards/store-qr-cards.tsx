import { isWebUrl } from 'shared-contracts';
import { QrCode } from '../qr-code/qr-code';

/** One store's card. */
export interface StoreCard {
  store: 'android' | 'ios';
  url: string;
  /** The QR code's accessible name ('QR code for the Android store'). */
  qrLabel: string;
  /** The store link's text. */
  linkText: string;
  /** A line above the link (the store's name), where the link says something else. */
  caption?: string;
}

/** The app's classes for each part (each app keeps its look; ui-kit adds none). */
export interface StoreQrCardsClassNames {
  list: string;
  card: string;
  qr: string;
  placeholder: string;
  caption?: string;
  link: string;
  hint?: string;
}

export interface StoreQrCardsProps {
  stores: readonly StoreCard[];
  /**
   * Whether the codes show: qrcode.react loads the first time this is true, and never for the
   * first render, so a server's render and the app's first render both show the placeholders.
   */
  showCodes: boolean;
  qrSize: number;
  /** A line under each link ('Scan the QR code to download'). */
  hint?: string;
  onStoreClick(store: StoreCard['store']): void;
  classNames: StoreQrCardsClassNames;
}

/**
 * The app stores' QR codes with their links (the download-app dialog, the status page). A store
 * whose address is not http(s) gets neither a code nor a link.
 */
export function StoreQrCards({
  stores,
  showCodes,
  qrSize,
  hint,
  onStoreClick,
  classNames,
}: StoreQrCardsProps) {
  return (
    <ul className={classNames.list}>
      {stores.map((card) => {
        const safe = isWebUrl(card.url);
        return (
          <li key={card.store} className={classNames.card}>
            <QrCode
              url={card.url}
              label={card.qrLabel}
              size={qrSize}
              show={showCodes}
              className={classNames.qr}
              placeholderClassName={classNames.placeholder}
            />
            {card.caption ? <span className={classNames.caption}>{card.caption}</span> : null}
            {safe ? (
              <a
                className={classNames.link}
                href={card.url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => onStoreClick(card.store)}
              >
                {card.linkText}
              </a>
            ) : null}
            {hint ? <span className={classNames.hint}>{hint}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
