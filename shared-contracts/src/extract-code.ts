import { truncateExtractCode } from './validation';

/**
 * Extract codes as people copy them (DECISIONS.md): matched case-insensitively after trimming
 * whitespace, and carried by a share link as `?pwd=xxxx`.
 */

/** The query parameter of a share link that carries its extract code: `/s/{code}?pwd=ab12`. */
export const EXTRACT_CODE_PARAM = 'pwd';

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
 * spec's 4 characters, so a pasted ' ab12' is 'ab12' and not ' ab1'.
 */
export function normalizeExtractCode(raw: string): string {
  return truncateExtractCode(trimExtractCode(raw));
}

/** Whether a code someone gave is the share's: whitespace around it and letter case aside. */
export function extractCodesMatch(given: string, code: string): boolean {
  return trimExtractCode(given).toLowerCase() === trimExtractCode(code).toLowerCase();
}

/** A page address split into the extract code its query carried and the address without it. */
export interface ExtractCodeOfAddress {
  /** The value of the first `pwd` parameter, decoded; null when there is none. */
  code: string | null;
  /** The address without any `pwd` parameter; the other parameters and the hash as they were. */
  address: string;
}

/** Decodes a query parameter's name or value ('+' is a space); a malformed one as it is. */
function decodeQueryPart(part: string): string {
  const text = part.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Takes the extract code out of a page address (a path with its query and hash, or an absolute
 * URL). Only the `pwd` parameters are removed; the others keep their exact spelling and order,
 * which re-serialising them with URLSearchParams would not.
 */
export function takeExtractCodeOfAddress(address: string): ExtractCodeOfAddress {
  const hashAt = address.indexOf('#');
  const hash = hashAt === -1 ? '' : address.slice(hashAt);
  const beforeHash = hashAt === -1 ? address : address.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return { code: null, address };
  const path = beforeHash.slice(0, queryAt);
  let code: string | null = null;
  const kept: string[] = [];
  for (const pair of beforeHash.slice(queryAt + 1).split('&')) {
    const equalsAt = pair.indexOf('=');
    const name = decodeQueryPart(equalsAt === -1 ? pair : pair.slice(0, equalsAt));
    if (name !== EXTRACT_CODE_PARAM) {
      if (pair !== '') kept.push(pair);
      continue;
    }
    code ??= equalsAt === -1 ? '' : decodeQueryPart(pair.slice(equalsAt + 1));
  }
  if (code === null) return { code: null, address };
  const query = kept.length > 0 ? `?${kept.join('&')}` : '';
  return { code, address: `${path}${query}${hash}` };
}
