/*
 * The cards' layouts, 1200×630: a share (who shared what, with thumbnails) and the generic cards
 * that stand for a protected or closed share, the invite page and the site, which carry nothing
 * of any share.
 */
import {
  avatarColor,
  clamped,
  colors,
  div,
  icons,
  img,
  line,
  logoImage,
  type CardChild,
  type CardNode,
} from './card-tree';
import { FONT_FAMILY } from './card-fonts';
import { cleanText, initialOf } from './card-text';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const PADDING_X = 72;
const PADDING_Y = 60;
/** Every card: white, the product's gradient along the bottom edge. */
function frame(...children: CardChild[]): CardNode {
  return div(
    {
      display: 'flex',
      flexDirection: 'column',
      position: 'relative',
      boxSizing: 'border-box',
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      padding: `${PADDING_Y}px ${PADDING_X}px`,
      backgroundColor: colors.surface,
      color: colors.text,
      fontFamily: FONT_FAMILY,
    },
    ...children,
    div({
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: 0,
      height: 14,
      backgroundImage: `linear-gradient(90deg, ${colors.logoFrom}, ${colors.logoTo})`,
    }),
  );
}

/** The product's mark and name. */
function brand(productName: string, size: number): CardNode {
  return div(
    { display: 'flex', alignItems: 'center', flexShrink: 0 },
    img(logoImage, { width: size, height: size }),
    line(cleanText(productName), {
      marginLeft: Math.round(size * 0.3),
      maxWidth: 360,
      fontSize: Math.round(size * 0.66),
      fontWeight: 700,
      letterSpacing: -0.5,
    }),
  );
}

function avatar(name: string): CardNode {
  const initial = initialOf(name);
  return div(
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      width: 72,
      height: 72,
      borderRadius: 36,
      backgroundColor: avatarColor(name),
      color: '#ffffff',
      fontSize: 36,
      fontWeight: 700,
    },
    initial ?? img(icons.person, { width: 44, height: 44 }),
  );
}

/** The card's own words beside the sharer's name, in the page's language. */
export interface ShareCardWords {
  /** Drawn right of the name: read after it, or before it in Arabic and Hebrew ('shared by'). */
  shared: string;
  /** The name of a sharer who has none. */
  someone: string;
}

export interface ShareCardInput {
  sharerName: string;
  title: string;
  details: string;
  /** Data URIs of the thumbnails, at most 3. */
  thumbnails: string[];
}

export function shareCard(
  input: ShareCardInput,
  productName: string,
  words: ShareCardWords,
): CardNode {
  const name = cleanText(input.sharerName);
  const hasThumbnails = input.thumbnails.length > 0;
  const header = div(
    { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
    div(
      { display: 'flex', alignItems: 'center', minWidth: 0, marginRight: 48 },
      avatar(name),
      // The name shrinks and is cut; the word 'shared' always shows.
      line(name || words.someone, { marginLeft: 22, flexShrink: 1, minWidth: 0, fontSize: 34 }),
      line(words.shared, { marginLeft: 10, flexShrink: 0, fontSize: 34, color: colors.muted }),
    ),
    brand(productName, 52),
  );
  const text = div(
    {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: hasThumbnails ? 'flex-start' : 'center',
      flexGrow: 1,
      marginTop: hasThumbnails ? 34 : 0,
    },
    clamped(cleanText(input.title), hasThumbnails ? 1 : 2, {
      fontSize: hasThumbnails ? 58 : 68,
      fontWeight: 700,
      lineHeight: 1.18,
      letterSpacing: -1.2,
    }),
    line(cleanText(input.details), { marginTop: 14, fontSize: 32, color: colors.subtle }),
  );
  const children: CardChild[] = [header, text];
  if (hasThumbnails) {
    children.push(
      div(
        { display: 'flex', height: 236, flexShrink: 0, marginBottom: 8 },
        ...input.thumbnails.slice(0, 3).map((src, index) =>
          img(src, {
            width: 336,
            height: 236,
            marginLeft: index === 0 ? 0 : 24,
            borderRadius: 20,
            objectFit: 'cover',
            border: `1px solid ${colors.divider}`,
          }),
        ),
      ),
    );
  }
  return frame(...children);
}

/** A card with no share data: an icon, a title and a line under it, centred. */
export function messageCard(
  productName: string,
  icon: string,
  iconBackground: string,
  title: string,
  subtitle: string,
): CardNode {
  return frame(
    brand(productName, 52),
    div(
      {
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        flexGrow: 1,
        // As tall as the brand row above, so the message sits in the card's middle.
        marginBottom: 52,
        textAlign: 'center',
      },
      div(
        {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 132,
          height: 132,
          borderRadius: 66,
          backgroundColor: iconBackground,
        },
        img(icon, { width: 72, height: 72 }),
      ),
      clamped(title, 2, {
        marginTop: 36,
        maxWidth: CARD_WIDTH - 2 * PADDING_X,
        fontSize: 54,
        fontWeight: 700,
        lineHeight: 1.18,
        letterSpacing: -1,
      }),
      clamped(subtitle, 2, {
        marginTop: 18,
        maxWidth: 960,
        fontSize: 32,
        color: colors.muted,
      }),
    ),
  );
}

/** The site's own card: the mark large, the name and what the site is for. */
export function siteCard(productName: string, tagline: string): CardNode {
  return frame(
    div(
      {
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        flexGrow: 1,
        textAlign: 'center',
      },
      img(logoImage, { width: 144, height: 144 }),
      line(cleanText(productName), {
        marginTop: 36,
        maxWidth: 1000,
        fontSize: 88,
        fontWeight: 700,
        letterSpacing: -2,
      }),
      clamped(tagline, 2, {
        marginTop: 16,
        maxWidth: CARD_WIDTH - 2 * PADDING_X,
        fontSize: 36,
        color: colors.muted,
      }),
    ),
  );
}
