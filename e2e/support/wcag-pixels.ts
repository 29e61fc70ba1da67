import type { Locator, Page } from '@playwright/test';

/**
 * Helpers of e2e/wcag/forced-colours.spec.ts: screenshots read as pixels, to tell states apart
 * in forced colours and to compute the contrast of non-text controls (WCAG 1.4.11) from what is
 * actually painted. There is no PNG decoder among the test's dependencies, so the page's own
 * browser decodes the screenshot (createImageBitmap of a Blob: no network, no CSP involved).
 */

export type Rgb = readonly [number, number, number];

/** A decoded screenshot: RGBA bytes, row by row, in CSS pixels. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Decodes a PNG in the page's browser. */
export async function decodePng(page: Page, png: Buffer): Promise<Pixels> {
  const decoded = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    const rgba = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    // Back as base64: a plain array of numbers would be several times larger.
    let binary = '';
    for (let start = 0; start < rgba.length; start += 0x8000) {
      binary += String.fromCharCode(...rgba.subarray(start, start + 0x8000));
    }
    return { width: bitmap.width, height: bitmap.height, base64: btoa(binary) };
  }, png.toString('base64'));
  return {
    width: decoded.width,
    height: decoded.height,
    data: new Uint8Array(Buffer.from(decoded.base64, 'base64')),
  };
}

/** An element's screenshot in CSS pixels, animations stopped, decoded. */
export async function elementPixels(page: Page, element: Locator): Promise<Pixels> {
  return decodePng(page, await element.screenshot({ scale: 'css', animations: 'disabled' }));
}

/** A region of the page (CSS pixels), decoded. */
export async function regionPixels(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
): Promise<Pixels> {
  return decodePng(page, await page.screenshot({ clip, scale: 'css', animations: 'disabled' }));
}

export function pixelAt(image: Pixels, x: number, y: number): Rgb {
  const cx = Math.min(image.width - 1, Math.max(0, Math.round(x)));
  const cy = Math.min(image.height - 1, Math.max(0, Math.round(y)));
  const at = (cy * image.width + cx) * 4;
  return [image.data[at] ?? 0, image.data[at + 1] ?? 0, image.data[at + 2] ?? 0];
}

/** The median colour of a small horizontal run of pixels (steadier than one antialiased pixel). */
export function colourAround(image: Pixels, x: number, y: number, radius = 1): Rgb {
  const run: Rgb[] = [];
  for (let dx = -radius; dx <= radius; dx += 1) run.push(pixelAt(image, x + dx, y));
  run.sort((a, b) => luminance(a) - luminance(b));
  return run[Math.floor(run.length / 2)] ?? [0, 0, 0];
}

/** WCAG 2's relative luminance of an sRGB colour. */
export function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2's contrast ratio, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The highest contrast against `against` of any pixel in a column between two rows. */
export function maxContrastInColumn(
  image: Pixels,
  x: number,
  fromY: number,
  toY: number,
  against: Rgb,
): number {
  let best = 1;
  for (let y = Math.max(0, fromY); y <= Math.min(image.height - 1, toY); y += 1) {
    best = Math.max(best, contrast(pixelAt(image, x, y), against));
  }
  return best;
}

/**
 * The share of pixels that differ clearly (a channel by more than `threshold`) between two
 * screenshots of the same element; 0 when they look the same. Sizes may differ by a pixel of
 * rounding: the common area is compared.
 */
export function differingShare(a: Pixels, b: Pixels, threshold = 48): number {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  let differing = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const pa = (y * a.width + x) * 4;
      const pb = (y * b.width + x) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        if (Math.abs((a.data[pa + channel] ?? 0) - (b.data[pb + channel] ?? 0)) > threshold) {
          differing += 1;
          break;
        }
      }
    }
  }
  return width * height === 0 ? 0 : differing / (width * height);
}

/** How many pixels of the same element differ by at least `ratio` in contrast between two shots. */
export function pixelsContrasting(a: Pixels, b: Pixels, ratio: number): number {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  let count = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (contrast(pixelAt(a, x, y), pixelAt(b, x, y)) >= ratio) count += 1;
    }
  }
  return count;
}

/** Rounds a ratio for messages ('1.54:1'). */
export function ratioText(ratio: number): string {
  return `${ratio.toFixed(2)}:1`;
}

/**
 * How readable an element's text is as painted: the strongest contrast in the box of its text
 * (a Range around it, not the element's padding) against the box's most frequent colour. A text
 * drawn in its own background's colour (as HighlightText on a forced Canvas backplate) is 1.
 */
export async function paintedTextContrast(page: Page, element: Locator): Promise<number> {
  const box = await element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const rect = range.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });
  const clip = {
    x: Math.floor(box.x),
    y: Math.floor(box.y),
    width: Math.max(1, Math.ceil(box.width)),
    height: Math.max(1, Math.ceil(box.height)),
  };
  const image = await regionPixels(page, clip);
  const counts = new Map<string, { colour: Rgb; count: number }>();
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const colour = pixelAt(image, x, y);
      const key = colour.join(',');
      const seen = counts.get(key) ?? { colour, count: 0 };
      seen.count += 1;
      counts.set(key, seen);
    }
  }
  const background = [...counts.values()].sort((a, b) => b.count - a.count)[0]?.colour;
  if (!background) return 1;
  let best = 1;
  for (const { colour } of counts.values()) best = Math.max(best, contrast(colour, background));
  return best;
}
