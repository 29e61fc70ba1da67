import {
  INVITE_LANGUAGE_TAGS,
  isInviteLanguage,
  mapLocale,
  type InviteLanguage,
} from 'shared-contracts';

/** `lang=en|zh|zhCHS` inside a state value (zhCHS first: it starts with zh). */
const STATE_LANG = /(?:^|[^A-Za-z0-9_])lang=(zhCHS|zh|en)(?![A-Za-z0-9_])/;

/** Decodes a value up to twice (state may arrive encoded once more than the query). */
function decodings(value: string): string[] {
  const values = [value];
  let current = value;
  for (let round = 0; round < 2; round += 1) {
    try {
      const decoded = decodeURIComponent(current);
      if (decoded === current) break;
      values.push(decoded);
      current = decoded;
    } catch {
      break;
    }
  }
  return values;
}

/** A signed state token: a base64url JSON body, a dot, a base64url signature. */
const SIGNED_TOKEN = /^([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+$/;

/**
 * The string fields of a signed state token's JSON body, where a provider keeps the page's
 * addon_state (`lang=...`); empty when the value is not such a token.
 */
function signedTokenStrings(value: string): string[] {
  const body = SIGNED_TOKEN.exec(value)?.[1];
  if (!body) return [];
  try {
    const base64 = body.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    // UTF-8 bytes to text (percent-decoding works where TextDecoder is missing).
    const json = decodeURIComponent(
      Array.from(binary, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const payload: unknown = JSON.parse(json);
    if (typeof payload !== 'object' || payload === null) return [];
    return Object.values(payload).filter((field): field is string => typeof field === 'string');
  } catch {
    return [];
  }
}

/**
 * The language carried by an OAuth `state` value, if any: `lang=zh&x=y`, the same URL-encoded
 * (`lang%3Dzh%26...`), or inside a signed state token whose JSON body holds the addon_state
 * (the reference server's development provider signs `{ r, a: 'lang=zh', n }`).
 */
export function languageFromState(state: string | null): InviteLanguage | null {
  if (!state) return null;
  for (const value of decodings(state)) {
    for (const candidate of [value, ...signedTokenStrings(value)]) {
      const match = STATE_LANG.exec(candidate);
      if (match && isInviteLanguage(match[1])) return match[1];
    }
  }
  return null;
}

/**
 * The invite page's language as its address gives it: `lang=` inside the `state` query
 * parameter, else the `lang` query parameter; null when the browser's language decides.
 */
export function inviteLanguageOfAddress(search: string): InviteLanguage | null {
  const params = new URLSearchParams(search);
  const fromState = languageFromState(params.get('state'));
  if (fromState) return fromState;
  const lang = params.get('lang');
  return isInviteLanguage(lang) ? lang : null;
}

/**
 * The invite page's language (docs/product.md, "The invite page" and "Languages"): `lang=` inside
 * the `state` query parameter, else the `lang` query parameter, else the browser language mapped to
 * en, zh or zhCHS. The server's render of the page (first-screen/) resolves it with this same
 * function.
 */
export function resolveInviteLanguage(
  search: string,
  browserLanguage: string | undefined,
): InviteLanguage {
  return inviteLanguageOfAddress(search) ?? mapLocale(browserLanguage);
}

/** The BCP 47 tag of a language, for the page's `lang` attribute. */
export function htmlLang(language: InviteLanguage): string {
  return INVITE_LANGUAGE_TAGS[language];
}
