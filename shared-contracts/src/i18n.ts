import { INVITE_LANGUAGES, type InviteLanguage } from './entities';
import type { SiteLanguage } from './languages';

/**
 * Locale mapping (docs/product.md, "Languages"): zh-CN and zh-SG are zh; zh-TW, zh-HK and zh-MO
 * are zhCHS (the product's naming); any other zh is zh; everything else is en.
 */
export function mapLocale(locale: string | null | undefined): InviteLanguage {
  const normalized = (locale ?? '').toLowerCase().replace('_', '-');
  if (['zh-tw', 'zh-hk', 'zh-mo'].some((tag) => normalized.startsWith(tag))) return 'zhCHS';
  if (normalized === 'zh' || normalized.startsWith('zh-')) return 'zh';
  return 'en';
}

export function isInviteLanguage(value: unknown): value is InviteLanguage {
  return typeof value === 'string' && (INVITE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The site language (BCP 47) each of the invite page's languages is: the page's `lang`, and the
 * catalog its texts are in (zhCHS is the product's name for Traditional Chinese).
 */
export const INVITE_LANGUAGE_TAGS: Record<InviteLanguage, SiteLanguage> = {
  en: 'en',
  zh: 'zh-Hans',
  zhCHS: 'zh-Hant',
};
