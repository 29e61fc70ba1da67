import { EXTRACT_CODE_LENGTH } from '../constants';
import { trimExtractCode } from '../extract-code';
import { isShareCode, shareCodeOfUrl } from '../share-code';
import { EXTRACT_CODE_PARAM } from './link-extract-code';

/**
 * Share links as visitors paste them into the home page's field: the shell reads the share's code
 * and its extract code out of them, and goes to this site's page of that share.
 */

/** A share link as a visitor pasted it: the share's code, and the extract code it came with. */
export interface PastedShareLink {
  code: string;
  /** From `?pwd=` or a label beside the link ('Extract code: ab12'); null without one. */
  extractCode: string | null;
}

/** An extract code as links and messages carry it: 4 letters or digits. */
const EXTRACT_CODE = new RegExp(`^[A-Za-z0-9]{${EXTRACT_CODE_LENGTH}}$`);

/**
 * An extract code named in a message: 'Extract code: ab12', 'code AB12', 'pwd=ab12',
 * 'Password：ab12', '提取码: ab12'. The label must not end another word ('barcode').
 */
const LABELLED_EXTRACT_CODE = new RegExp(
  '(?:(?<![A-Za-z])(?:extract(?:ion)?[\\s-]*code|access[\\s-]*code|pass[\\s-]*code|password|pwd|code)|提取码|提取碼|密码|密碼)' +
    `\\s*(?:is\\s+)?[:：=]?\\s*([A-Za-z0-9]{${EXTRACT_CODE_LENGTH}})(?![A-Za-z0-9])`,
  'i',
);

/** Punctuation a message puts around a link: '(https://…)', '<…>', 'https://….', '“…”'. */
const AROUND_LINK = /^[\s"'“‘(<[{（【《「『]+|[\s"'”’)>\]}.,;:!?。，、；：！？）】》」』]+$/g;

/**
 * Where a link starts inside a word, and the host it names: its scheme ('Link:https://…'), else a
 * host before its path ('host/s/…'), else its path alone ('/s/…', no host: this site's).
 */
function linkStartOf(word: string): { link: string; named: boolean } | null {
  const scheme = /[A-Za-z][A-Za-z0-9+.-]*:\/\/\S*/.exec(word);
  if (scheme) return { link: scheme[0], named: true };
  const path = word.indexOf('/s/');
  if (path < 0) return null;
  const host = /[A-Za-z0-9.-]+(?::\d+)?$/.exec(word.slice(0, path))?.[0];
  return host
    ? { link: `https://${host}${word.slice(path)}`, named: true }
    : { link: word.slice(path), named: false };
}

/** The share a link names, with the `?pwd=` it carries; null when it names none. */
function shareLinkOfUrl(link: string, siteHost: string, named: boolean): PastedShareLink | null {
  let url: URL;
  try {
    url = new URL(link, 'http://share.invalid');
  } catch {
    return null;
  }
  // Another site's link names none of this site's shares, whatever its path.
  if (named && url.hostname.toLowerCase() !== siteHost.toLowerCase()) return null;
  // A folder's link (`?folder=`) opens its share.
  const code = shareCodeOfUrl(link);
  if (code === null) return null;
  const pwd = trimExtractCode(url.searchParams.get(EXTRACT_CODE_PARAM) ?? '');
  return { code, extractCode: EXTRACT_CODE.test(pwd) ? pwd : null };
}

/**
 * The share a visitor's pasted text names: a share link of this site (`https://{siteHost}/s/{code}`,
 * with or without `?pwd=`), its path, a bare share code, or a chat message that holds a link and
 * perhaps its code ('Link: https://…/s/{code} Extract code: ab12'). Only the codes are read: the
 * visitor is taken to this site's page of that share, never to the pasted site. Null when the
 * text holds no share link.
 */
export function shareLinkOfText(text: string, siteHost: string): PastedShareLink | null {
  // Chat apps leave zero-width characters around what they copy: they part words as spaces do.
  const trimmed = trimExtractCode(text.replace(/[\u200B-\u200D\u2060]/g, ' '));
  if (isShareCode(trimmed)) return { code: trimmed, extractCode: null };
  // Chinese messages often put a full-width comma or bracket, not a space, after the link.
  const words = trimmed.split(/[\s，。；、！？（）【】《》「」『』]+/);
  for (const [index, word] of words.entries()) {
    const start = linkStartOf(word.replace(AROUND_LINK, ''));
    const link =
      start === null
        ? null
        : shareLinkOfUrl(start.link.replace(AROUND_LINK, ''), siteHost, start.named);
    if (link === null) continue;
    if (link.extractCode !== null) return link;
    // The rest of the message, without the link itself (its `?code=` is the share's code).
    const rest = words.filter((_, other) => other !== index).join(' ');
    return { code: link.code, extractCode: LABELLED_EXTRACT_CODE.exec(rest)?.[1] ?? null };
  }
  return null;
}

/**
 * The address of a share's page on this site, with its extract code as `?pwd=` when there is
 * one (the viewer fills it in).
 */
export function sharePagePath({ code, extractCode }: PastedShareLink): string {
  const path = `/s/${encodeURIComponent(code)}`;
  return extractCode === null
    ? path
    : `${path}?${EXTRACT_CODE_PARAM}=${encodeURIComponent(extractCode)}`;
}
