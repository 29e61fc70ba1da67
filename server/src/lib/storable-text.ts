/** A UTF-16 surrogate without its pair: text that has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL or a lone surrogate: text PostgreSQL cannot store. */
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The first string inside a parsed JSON value (keys included) that cannot be stored, if any. */
export function findUnstorableText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return isUnstorable(value) ? value : null;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findUnstorableText(key, depth + 1) ?? findUnstorableText(item, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
