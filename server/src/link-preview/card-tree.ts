/*
 * The building blocks of the link-preview cards: a tiny element helper for satori (React-like
 * `{ type, props }` objects, so the server needs no JSX or React), the product's palette and the
 * icons, drawn as small SVG images.
 */

/** A CSS declaration block in satori's camel-case form. */
export type Style = Record<string, string | number>;

export type CardChild = CardNode | string;

/** What satori takes: the shape of a React element, with `key` as React's JSX sets it. */
export interface CardNode {
  type: string;
  key: null;
  props: { style?: Style; children?: CardChild | CardChild[]; src?: string; alt?: string };
}

/** A `div` (satori lays every one out as a flex box only when told: each sets its display). */
export function div(style: Style, ...children: CardChild[]): CardNode {
  return { type: 'div', key: null, props: { style, children } };
}

export function img(src: string, style: Style): CardNode {
  return { type: 'img', key: null, props: { src, style, alt: '' } };
}

/** One line of text cut with an ellipsis when it is too long for its box. */
export function line(text: string, style: Style): CardNode {
  return div(
    {
      display: 'block',
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      ...style,
    },
    text,
  );
}

/** Text on at most `lines` lines, the last cut with an ellipsis. */
export function clamped(text: string, lines: number, style: Style): CardNode {
  // A word longer than a line (a file name without spaces) breaks instead of running out of sight.
  return div(
    { display: 'block', overflow: 'hidden', overflowWrap: 'anywhere', lineClamp: lines, ...style },
    text,
  );
}

/** ui-kit's tokens (ui-kit/src/theme/tokens.css) and the logo's gradient (the shell's top bar). */
export const colors = {
  text: '#0f172a',
  muted: '#475569',
  subtle: '#5b6575',
  accent: '#2563eb',
  accentStrong: '#1d4ed8',
  divider: '#e2e8f0',
  surface: '#ffffff',
  surfaceMuted: '#f5f7fb',
  logoFrom: '#4f9dff',
  logoTo: '#1f6feb',
} as const;

/** Avatar backgrounds, each with white text at 4.5:1 or more, picked by the name. */
const avatarColors = ['#2563eb', '#7c3aed', '#be185d', '#c2410c', '#047857', '#0e7490', '#4338ca'];

export function avatarColor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return avatarColors[hash % avatarColors.length] ?? colors.accent;
}

function svgImage(viewBox: string, body: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The shell's logo: a white cloud on a blue rounded square. */
export const logoImage = svgImage(
  '0 0 32 32',
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.logoFrom}"/><stop offset="1" stop-color="${colors.logoTo}"/></linearGradient></defs>` +
    '<rect width="32" height="32" rx="9" fill="url(#g)"/>' +
    '<path fill="#fff" d="M10.5 22.5a4.5 4.5 0 0 1-.6-9 6 6 0 0 1 11.5-1.3 4.7 4.7 0 0 1 .9 9.3l-.4.05H10.5z"/>',
);

/** Line icons on a 24-unit grid, stroked in one colour. */
function lineIcon(color: string, body: string): string {
  return svgImage(
    '0 0 24 24',
    `<g fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</g>`,
  );
}

export const icons = {
  lock: lineIcon(
    colors.accent,
    '<rect x="4.5" y="10.5" width="15" height="10.5" rx="2.5"/><path d="M8 10.5V7a4 4 0 0 1 8 0v3.5"/><path d="M12 14.5v2.5"/>',
  ),
  canceled: lineIcon(colors.muted, '<circle cx="12" cy="12" r="9"/><path d="M5.6 5.6l12.8 12.8"/>'),
  expired: lineIcon(colors.muted, '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3.2 2"/>'),
  deleted: lineIcon(
    colors.muted,
    '<path d="M4 7h16"/><path d="M6 7l1 13h10l1-13"/><path d="M9 7V4h6v3"/><path d="M10 11v5.5M14 11v5.5"/>',
  ),
  gift: lineIcon(
    colors.accent,
    '<rect x="3" y="8" width="18" height="4" rx="1"/><path d="M12 8v13"/><path d="M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7"/>' +
      '<path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5"/>',
  ),
  /** The avatar's stand-in when the name does not start with a letter the fonts draw. */
  person: svgImage(
    '0 0 24 24',
    '<g fill="#fff"><circle cx="12" cy="8.5" r="4"/><path d="M4.5 20.5a7.5 7.5 0 0 1 15 0z"/></g>',
  ),
  /** Drawn for an emoji Noto Color Emoji has no glyph for: an empty space reads better than a box. */
  blank: svgImage('0 0 1 1', ''),
} as const;
