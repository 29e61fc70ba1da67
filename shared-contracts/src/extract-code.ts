import { truncateExtractCode } from './validation';

/**
 * Extract codes as people copy them (docs/decisions/0019-extract-code-matching-and-pwd.md):
 * matched case-insensitively after trimming whitespace. A share link carries one as `?pwd=xxxx`
 * (`shared-contracts/page`, link-extract-code.ts).
 */

/**
 * Whitespace around a copied code: what `trim` removes (spaces, tabs, line breaks, no-break and
 * other Unicode spaces) and the zero-width characters chat apps leave around copied text.
 */
const AROUND = /^[\s\u200B-\u200D\u2060]+|[\s\u200B-\u200D\u2060]+$/g;

/** A code without the whitespace around it. */
export function trimExtractCode(raw: string): string {
  return raw.replace(AROUND, '');
}

/**
 * What the extract-code field keeps of what was typed or pasted: trimmed first, then cut to the
 * product's 4 characters, so a pasted ' ab12' is 'ab12' and not ' ab1'.
 */
export function normalizeExtractCode(raw: string): string {
  return truncateExtractCode(trimExtractCode(raw));
}

/** Whether a code someone gave is the share's: whitespace around it and letter case aside. */
export function extractCodesMatch(given: string, code: string): boolean {
  return trimExtractCode(given).toLowerCase() === trimExtractCode(code).toLowerCase();
}
