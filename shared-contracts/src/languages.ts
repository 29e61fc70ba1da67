/**
 * The languages the site speaks (docs/decisions/0022-languages.md), as BCP 47 tags: English keeps
 * the product's own texts; the others are translations of them. The invite page keeps its own
 * rule (en, zh, zhCHS: `InviteLanguage`).
 */
export const SITE_LANGUAGES = [
  'en',
  'zh-Hans',
  'zh-Hant',
  'ja',
  'ko',
  'hi',
  'id',
  'th',
  'vi',
  'ar',
  'he',
  'es',
  'pt-BR',
  'fr',
  'de',
  'ru',
  'tr',
] as const;

export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/** The language of a page nothing else decides. */
export const DEFAULT_LANGUAGE: SiteLanguage = 'en';

/** Each language named in itself, as the language menu lists it. */
export const LANGUAGE_NAMES: Record<SiteLanguage, string> = {
  en: 'English',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  ar: 'العربية',
  he: 'עברית',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  tr: 'Türkçe',
};

/** The query parameter a link may carry its language in: `/s/abc?lang=ja`. */
export const LANGUAGE_PARAM = 'lang';
/** The cookie that keeps a visitor's choice from the language menu (read by the edge too). */
export const LANGUAGE_COOKIE = 'nimbus_lang';
/** A year: a choice is kept until the visitor makes another. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return typeof value === 'string' && (SITE_LANGUAGES as readonly string[]).includes(value);
}

/** The direction a language is written in: `rtl` for Arabic and Hebrew. */
export function directionOf(language: SiteLanguage): 'ltr' | 'rtl' {
  return language === 'ar' || language === 'he' ? 'rtl' : 'ltr';
}

/** Old or alternative primary subtags that name a language the site has. */
const ALIASES: Record<string, string> = { iw: 'he', in: 'id', pt: 'pt-BR' };
/** Chinese written in traditional characters: its script, or a region that writes so. */
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)(-|$)/;

/**
 * The site's language for one language tag, with script and region fallbacks (`zh-TW` and
 * `zh-Hant-HK` are zh-Hant, any other Chinese zh-Hans; `pt` and `pt-PT` are pt-BR; `en-GB`, `es-419`
 * and `fr-CA` their language); null when the site does not speak it.
 */
export function siteLanguageOf(tag: string | null | undefined): SiteLanguage | null {
  const lowered = (tag ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(lowered)) return null;
  if (TRADITIONAL_CHINESE.test(lowered)) return 'zh-Hant';
  const primary = lowered.split('-')[0] ?? '';
  if (primary === 'zh') return 'zh-Hans';
  const language = ALIASES[primary] ?? primary;
  return SITE_LANGUAGES.find((candidate) => candidate === language) ?? null;
}

/**
 * The best of an Accept-Language header: its tags by quality (the order they come in when equal),
 * the first the site speaks; null when none.
 */
export function siteLanguageOfAcceptLanguage(
  header: string | null | undefined,
): SiteLanguage | null {
  const ranked = (header ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';');
      const quality = parameters
        .map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const language = siteLanguageOf(tag);
    if (language) return language;
  }
  return null;
}

/** What a request says of the visitor's language, strongest first. */
export interface LanguageSigns {
  /** `?lang=` of the address. */
  query?: string | null;
  /** The saved choice (`LANGUAGE_COOKIE`). */
  cookie?: string | null;
  acceptLanguage?: string | null;
}

/**
 * The visitor's language (docs/product.md, "Languages"): `?lang=` in a link, then the saved
 * choice, then the browser's Accept-Language (best match), then English. The server paints the
 * page in it, the edge keys its copies by it, and the page's scripts take it from the page.
 */
export function chooseSiteLanguage(signs: LanguageSigns): SiteLanguage {
  return (
    siteLanguageOf(signs.query) ??
    siteLanguageOf(signs.cookie) ??
    siteLanguageOfAcceptLanguage(signs.acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}
