// node --test scripts/*.test.mjs (part of `npm test`). Right to left (issue 48): the stylesheets
// and inline styles of every app a right-to-left page shows say start and end, never left and
// right, so a page in Arabic or Hebrew mirrors by itself (docs/development.md, "Texts and
// languages"). The invite page is left out: its own languages (en, zh, zhCHS) are all left to right.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { foldersOf } from './workspaces.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RIGHT_TO_LEFT_APPS = foldersOf('library', 'host', 'remote').filter(
  (folder) => folder !== 'remote-invite',
);

/** Shorthands whose four values run top, right, bottom, left. */
const BOX_SHORTHANDS = new Set([
  'margin',
  'padding',
  'inset',
  'scroll-margin',
  'scroll-padding',
  'border-width',
  'border-style',
  'border-color',
]);

/** A value's parts at its top level: `max(8px, 1em) 0` is `max(8px, 1em)` and `0`. */
function partsOf(value) {
  const parts = [];
  let depth = 0;
  let part = '';
  for (const character of value.trim()) {
    if (character === '(') depth += 1;
    if (character === ')') depth -= 1;
    if (/\s/.test(character) && depth === 0) {
      if (part) parts.push(part);
      part = '';
    } else part += character;
  }
  return part ? [...parts, part] : parts;
}

/** Whether a shorthand's values differ between the left and the right side. */
function isLopsided(property, value) {
  if (BOX_SHORTHANDS.has(property)) {
    const [, right, , left] = partsOf(value);
    return left !== undefined && left !== right;
  }
  if (property === 'border-radius') {
    // Corners top-left, top-right, bottom-right, bottom-left (each side of a `/` alike).
    return value.split('/').some((radii) => {
      const [a, b = a, c = a, d = b] = partsOf(radii);
      return a !== b || c !== d;
    });
  }
  return false;
}

/**
 * The declarations of a stylesheet that name a physical side: a `left` or `right` property or
 * value, or a shorthand with other values at the left than at the right. The device's safe-area
 * insets exist only as left and right: a custom property may name them, to map them to the
 * line's start and end.
 */
export function physicalSidesIn(css) {
  const found = [];
  const declarations = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .matchAll(/([-\w]+)\s*:\s*([^;{}]+)[;}]/g);
  for (const [, property = '', rawValue = ''] of declarations) {
    const value = rawValue.trim();
    const checked = property.startsWith('--')
      ? value.replace(/env\(safe-area-inset-(left|right)\)/g, '')
      : value;
    if (
      /(^|-)(left|right)(-|$)/.test(property) ||
      /\b(left|right)\b/.test(checked) ||
      isLopsided(property, value)
    ) {
      found.push(`${property}: ${value}`);
    }
  }
  return found;
}

/** Inline styles of the components that name a side (`paddingLeft`, `right`). */
function physicalInlineStylesIn(source) {
  // An object's key follows `{` or `,`; a ternary's `? left : right` is not a style.
  return [...source.matchAll(/[{,]\s*(left|right|[a-z]+(Left|Right))\s*:/g)].map(
    ([, key = '']) => `${key}:`,
  );
}

/** An app's source files whose names end in `pattern`, tests left out. */
const filesOf = (folder, pattern) =>
  readdirSync(path.join(repoRoot, folder, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !/\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => path.join(folder, 'src', file));

const read = (file) => readFileSync(path.join(repoRoot, file), 'utf8');

describe("the right-to-left apps' styles", () => {
  it('say start and end, not left and right, in every stylesheet', () => {
    const found = RIGHT_TO_LEFT_APPS.flatMap((folder) => filesOf(folder, /\.css$/)).flatMap(
      (file) => physicalSidesIn(read(file)).map((declaration) => `${file}: ${declaration}`),
    );
    assert.deepEqual(found, []);
  });

  it('set no inline style on a side', () => {
    const found = RIGHT_TO_LEFT_APPS.flatMap((folder) => filesOf(folder, /\.tsx$/)).flatMap(
      (file) => physicalInlineStylesIn(read(file)).map((style) => `${file}: ${style}`),
    );
    assert.deepEqual(found, []);
  });

  it('finds a side however it is named', () => {
    const css = `
      .a { margin-left: 4px; text-align: right; }
      .b:hover { border-top-left-radius: 2px }
      .c { padding: 1px 2px 1px 3px; inset: 0 auto 0 0; border-radius: 4px 0 0 4px; }
      .d { background-position: left 10% top; float: right; }
      .e { left: max(8px, env(safe-area-inset-left)); }`;
    assert.deepEqual(physicalSidesIn(css), [
      'margin-left: 4px',
      'text-align: right',
      'border-top-left-radius: 2px',
      'padding: 1px 2px 1px 3px',
      'inset: 0 auto 0 0',
      'border-radius: 4px 0 0 4px',
      'background-position: left 10% top',
      'float: right',
      'left: max(8px, env(safe-area-inset-left))',
    ]);
    assert.deepEqual(physicalInlineStylesIn('style={{ paddingLeft: 8, right: 0 }}'), [
      'paddingLeft:',
      'right:',
    ]);
    assert.deepEqual(physicalInlineStylesIn('const towardsEnd = rtl ? left : right;'), []);
  });

  it('lets logical properties, symmetric shorthands and mapped safe areas be', () => {
    const css = `
      .a { margin-inline-start: 4px; text-align: end; inset-inline: 0; float: inline-start; }
      .b { padding: 1px 2px 3px; margin: 0 auto; border-radius: 20px 20px 0 0; }
      .c { --ns-safe-area-inline-start: env(safe-area-inset-left); }
      @media (max-width: 479px) { .d:focus-visible { outline: none; } }`;
    assert.deepEqual(physicalSidesIn(css), []);
  });
});
