import postcss, { type Container, type Root, type Rule } from 'postcss';

/**
 * A first screen's CSS cut to what its markup can use (issue 30: "the first screen's markup and
 * only the CSS it uses come first"). An app's first-screen build holds the CSS of every screen it
 * paints (the list, the code prompt, the status views) and of what those import (the dialogs),
 * while a page paints one of them: of a share page's 20.6 KB, its root list uses about 11 KB, the
 * code prompt 6.1 KB and a status view 5.3 KB; the invite page 3.3 of its 7.7 KB.
 *
 * A rule stays when one of its selectors could match an element of the markup by its classes
 * (`selectorMayMatch`). Nothing the first screen could match is dropped, whatever the visitor does
 * before the app runs: selectors without a class (`:root`, `body`, `[data-tap-kept]`, which the
 * tap keeper sets) always stay, and so do states (`:hover`, `:checked`, `:not(.x)`). The app's
 * own CSS, complete, arrives with its scripts, before anything else is shown.
 */

/** A first-screen build's CSS, parsed once per version of its file. */
export interface ScreenCss {
  root: Root;
  /** Every class its selectors name: the cut depends on which of them a markup has, no other. */
  named: Set<string>;
  /** The CSS cut to each set of those classes a first screen had: a product paints a few. */
  cuts: Map<string, string>;
}

/** How many cuts one CSS keeps: past that the oldest is cut again when a page needs it. */
const MAX_CUTS = 64;

export function parseScreenCss(text: string): ScreenCss {
  const root = postcss.parse(text);
  const named = new Set<string>();
  root.walkRules((rule) => {
    for (const [, name = ''] of rule.selector.matchAll(CLASS_NAME)) named.add(name);
  });
  return { root, named, cuts: new Map() };
}

/** A class selector's name (escapes aside: see `selectorMayMatch`). */
const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;

/** Each build's CSS cut to the classes of `markup`, in the builds' order. */
export function cssUsedBy(markup: string, sheets: ScreenCss[]): string {
  const classes = classesIn(markup);
  return sheets.map((sheet) => cutOf(sheet, classes)).join('\n');
}

function cutOf(sheet: ScreenCss, classes: Set<string>): string {
  const key = [...classes]
    .filter((name) => sheet.named.has(name))
    .sort()
    .join(' ');
  const known = sheet.cuts.get(key);
  if (known !== undefined) return known;
  const copy = sheet.root.clone();
  removeUnused(copy, classes);
  const cut = copy.toString();
  const oldest = sheet.cuts.keys().next();
  if (sheet.cuts.size >= MAX_CUTS && !oldest.done) sheet.cuts.delete(oldest.value);
  sheet.cuts.set(key, cut);
  return cut;
}

/** The class names of the markup's elements (React writes `class="…"`). */
function classesIn(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ''] of markup.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value.split(/\s+/)) if (name !== '') classes.add(name);
  return classes;
}

function removeUnused(container: Container, classes: Set<string>): void {
  for (const node of [...(container.nodes ?? [])]) {
    if (node.type === 'rule') {
      if (!mayMatch(node, classes)) node.remove();
    } else if (node.type === 'atrule' && node.nodes && !/keyframes$/i.test(node.name)) {
      removeUnused(node, classes);
      if (node.nodes.length === 0) node.remove();
    }
  }
}

function mayMatch(rule: Rule, classes: Set<string>): boolean {
  return rule.selectors.some((selector) => selectorMayMatch(selector, classes));
}

/** Pseudo-classes that match only when one of the selectors they hold does (`:has` in the page). */
const MATCHING_PSEUDO_CLASSES = new Set(['is', 'where', 'matches', 'has']);

/**
 * Whether an element of a page with these classes could match `selector`: each class outside
 * brackets, strings and parentheses is there, and so is one selector of each `:is()`, `:where()`
 * and `:has()`. Other parentheses (`:not(.x)`, `:nth-child(2n)`) ask for nothing, and so does a
 * selector with an escape, which this reading of class names does not follow.
 */
export function selectorMayMatch(selector: string, classes: Set<string>): boolean {
  if (selector.includes('\\')) return true;
  let outer = '';
  for (let index = 0; index < selector.length; index += 1) {
    const char = selector.charAt(index);
    if (char === '"' || char === "'" || char === '[' || char === '(') {
      const end = closingIndex(selector, index);
      const pseudoClass = /:([-\w]+)$/.exec(outer)?.[1]?.toLowerCase() ?? '';
      const inner = selector.slice(index + 1, end);
      if (char === '(' && MATCHING_PSEUDO_CLASSES.has(pseudoClass)) {
        const some = postcss.list.comma(inner).some((one) => selectorMayMatch(one, classes));
        if (!some) return false;
      }
      index = end;
    } else outer += char;
  }
  return [...outer.matchAll(CLASS_NAME)].every(([, name = '']) => classes.has(name));
}

/** Where what opens at `start` (a string, `[` or `(`) closes; the end when it never does. */
function closingIndex(text: string, start: number): number {
  const open = text.charAt(start);
  const close = open === '[' ? ']' : open === '(' ? ')' : open;
  let depth = 0;
  for (let index = start + 1; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (open !== close && (char === '"' || char === "'")) index = closingIndex(text, index);
    else if (char === close && depth === 0) return index;
    else if (char === close) depth -= 1;
    else if (char === open) depth += 1;
  }
  return text.length;
}
