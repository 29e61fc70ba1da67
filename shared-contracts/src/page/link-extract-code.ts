/**
 * The extract code a share link carries as `?pwd=xxxx`
 * (docs/decisions/0019-extract-code-matching-and-pwd.md): the shell takes it out of the page's
 * address and hands it to the viewer; the server's request log leaves it out the same way.
 */

/** The query parameter of a share link that carries its extract code: `/s/{code}?pwd=ab12`. */
export const EXTRACT_CODE_PARAM = 'pwd';

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
