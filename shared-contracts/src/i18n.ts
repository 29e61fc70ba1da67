import type { Language } from './entities';
import { LANGUAGES } from './entities';

/**
 * Locale mapping (docs/product.md, "Languages"): zh-CN and zh-SG are zh; zh-TW, zh-HK and zh-MO
 * are zhCHS (the product's naming); any other zh is zh; everything else is en.
 */
export function mapLocale(locale: string | null | undefined): Language {
  const normalized = (locale ?? '').toLowerCase().replace('_', '-');
  if (['zh-tw', 'zh-hk', 'zh-mo'].some((tag) => normalized.startsWith(tag))) return 'zhCHS';
  if (normalized === 'zh' || normalized.startsWith('zh-')) return 'zh';
  return 'en';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** English is complete; other languages may leave keys out and fall back to English. */
export type Dictionaries<Key extends string> = { en: Record<Key, string> } & Partial<
  Record<Exclude<Language, 'en'>, Partial<Record<Key, string>>>
>;

export type Translate<Key extends string> = (
  key: Key,
  params?: Record<string, string | number>,
) => string;

/** The one translation layer: look a key up in a language, fill `{name}` placeholders. */
export function createTranslator<Key extends string>(
  dictionaries: Dictionaries<Key>,
  language: Language,
): Translate<Key> {
  return (key, params) => {
    const localized = language === 'en' ? undefined : dictionaries[language]?.[key];
    const template = localized ?? dictionaries.en[key];
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
  };
}
