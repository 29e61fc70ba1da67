/*
 * The link-preview card image (issue 29): a 1200×630 picture that chat apps show under a pasted
 * link. satori lays the card out into an SVG, resvg draws it. Names in any script (issue 48):
 * card-fonts.ts picks the fonts a card's text needs, card-emoji.ts draws its emoji. Pure: the
 * caller passes everything shown, and the cards that stand for a protected or closed share take
 * no share data at all.
 */
import { renderAsync } from '@resvg/resvg-js';
import { encode as encodeJpeg } from 'jpeg-js';
import satori, { type Font } from 'satori';
import { DEFAULT_LANGUAGE, type SiteLanguage } from 'shared-contracts';
import { CARD_HEIGHT, CARD_WIDTH, messageCard, shareCard, siteCard } from './card-layouts';
import { emojiPicture } from './card-emoji';
import { fontsFor, type CardText } from './card-fonts';
import { cleanText } from './card-text';
import { previewTexts } from './link-preview';
import { wordsIn } from './preview-words';
import { colors, icons, type CardChild, type CardNode } from './card-tree';

export type CardContent =
  | {
      kind: 'share';
      /** The sharer's display name (its first letter is the avatar's initial). */
      sharerName: string;
      /** What was shared, in the card's language: '“Documents” and 7 more files'. */
      title: string;
      /** In the card's language: '8 files · 35.2 MB'. */
      details: string;
      /** Up to 3 thumbnails of the share's first images: JPEG or PNG bytes, up to 2 MB each
       * (others are skipped). */
      thumbnails: Buffer[];
    }
  | { kind: 'protected' }
  | { kind: 'closed'; reason: 'canceled' | 'expired' | 'deleted' }
  | { kind: 'invite' }
  | { kind: 'site' };

export { CARD_HEIGHT, CARD_WIDTH };
export { loadCardFonts } from './card-fonts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** More is no thumbnail: it would only slow the render down (each is drawn 336×236). */
const MAX_THUMBNAIL_BYTES = 2_000_000;

/** An image's bytes as a data URI, or null when they are not a JPEG or PNG thumbnail. */
function imageDataUri(bytes: Buffer): string | null {
  const isJpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const isPng = bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  if ((!isJpeg && !isPng) || bytes.length > MAX_THUMBNAIL_BYTES) return null;
  return `data:image/${isJpeg ? 'jpeg' : 'png'};base64,${bytes.toString('base64')}`;
}

/** The element tree of a card in a language; `thumbnails` are the share's, already checked. */
function cardTree(
  content: CardContent,
  productName: string,
  language: SiteLanguage,
  thumbnails: string[],
): CardNode {
  const product = cleanText(productName);
  /** A generic card's title and line: its page's link preview's (one wording for both). */
  const textsOf = (page: Exclude<CardContent, { kind: 'share' }>) => {
    const { title, description } = previewTexts(page, product, language);
    return [title, description] as const;
  };
  switch (content.kind) {
    case 'share': {
      const t = wordsIn(language);
      const words = { shared: t('cardShared'), someone: t('cardSomeone') };
      return shareCard({ ...content, thumbnails }, product, words);
    }
    case 'protected':
      return messageCard(product, icons.lock, '#e6eefc', ...textsOf(content));
    case 'closed':
      return messageCard(product, icons[content.reason], colors.surfaceMuted, ...textsOf(content));
    case 'invite':
      return messageCard(product, icons.gift, '#e6eefc', ...textsOf(content));
    case 'site':
      return siteCard(product, textsOf(content)[1]);
  }
}

/** The most a card may weigh: WhatsApp drops a larger preview image. */
export const MAX_CARD_BYTES = 300_000;
/** JPEG qualities tried in turn when the PNG is too heavy (photos barely compress as PNG). */
const JPEG_QUALITIES = [82, 70, 55] as const;

export interface CardImage {
  body: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

/** The text a card shows, regular and bold (inherited as CSS does), for picking its fonts. */
function textOf(node: CardChild, bold = false, text: CardText = { regular: '', bold: '' }) {
  if (typeof node === 'string') {
    if (bold) text.bold += ` ${node}`;
    else text.regular += ` ${node}`;
    return text;
  }
  const weight = node.props.style?.fontWeight;
  const isBold = weight === undefined ? bold : Number(weight) >= 600;
  const { children = [] } = node.props;
  for (const child of Array.isArray(children) ? children : [children]) textOf(child, isBold, text);
  return text;
}

/**
 * A card's SVG. Satori (0.63) lays the card out and draws its text as paths: it shapes each run
 * with HarfBuzz (Arabic joined, Devanagari's conjuncts and vowel signs in place) and orders
 * right-to-left runs by the bidi algorithm. It needs only fonts that have the glyphs: fontsFor
 * reads them for the card's text.
 */
async function cardSvg(tree: CardNode, language: SiteLanguage): Promise<string> {
  return satori(tree, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await fontsFor({ ...textOf(tree), language }),
    // Satori asks for each emoji as a picture. A script no font has gets satori's box, and an
    // emoji with no picture a blank: never a failed render.
    loadAdditionalAsset: async (code, segment) =>
      code === 'emoji' ? ((await emojiPicture(segment).catch(() => null)) ?? icons.blank) : [],
  });
}

/**
 * The fonts a card is drawn with: a character that none of them has is drawn as a box (the tests
 * check that demo-world's names have no such character).
 */
export function cardFonts(
  content: CardContent,
  productName: string,
  language: SiteLanguage = DEFAULT_LANGUAGE,
): Promise<Font[]> {
  return fontsFor({ ...textOf(cardTree(content, productName, language, [])), language });
}

async function renderTree(
  tree: CardNode,
  language: SiteLanguage,
  withPhotos: boolean,
): Promise<CardImage> {
  const svg = await cardSvg(tree, language);
  // Off the event loop (libuv's pool); the text is paths already, so no system font is needed.
  const image = await renderAsync(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  });
  if (!withPhotos) {
    const png = image.asPng();
    if (png.length < MAX_CARD_BYTES) return { body: png, contentType: 'image/png' };
  }
  // Photos are a JPEG's: a fraction of the PNG's size, and no PNG encoded to be thrown away.
  let jpeg: Buffer = Buffer.alloc(0);
  for (const quality of JPEG_QUALITIES) {
    jpeg = encodeJpeg(
      { data: image.pixels, width: image.width, height: image.height },
      quality,
    ).data;
    if (jpeg.length < MAX_CARD_BYTES) break;
  }
  return { body: jpeg, contentType: 'image/jpeg' };
}

/**
 * Renders a card, 1200×630, its own words in `language`: a JPEG when it shows photos, else a PNG
 * (a JPEG should a PNG reach MAX_CARD_BYTES). The same content always gives the same bytes.
 */
export async function renderCard(
  content: CardContent,
  productName: string,
  language: SiteLanguage = DEFAULT_LANGUAGE,
): Promise<CardImage> {
  const thumbnails =
    content.kind === 'share'
      ? content.thumbnails
          .slice(0, 3)
          .map(imageDataUri)
          .filter((uri): uri is string => uri !== null)
      : [];
  try {
    const tree = cardTree(content, productName, language, thumbnails);
    return await renderTree(tree, language, thumbnails.length > 0);
  } catch (error) {
    // A damaged thumbnail must not cost the share its card: draw it without the pictures.
    if (thumbnails.length === 0) throw error;
    return renderTree(cardTree(content, productName, language, []), language, false);
  }
}
