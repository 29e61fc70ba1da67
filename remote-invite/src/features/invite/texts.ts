import {
  INVITE_LANGUAGE_TAGS,
  translatorOf,
  type InviteLanguage,
  type Translate,
} from 'shared-contracts';
import type english from '../../locales/en.json';
import { messages as en } from '../../locales/en';
import { messages as zhHans } from '../../locales/zh-Hans';
import { messages as zhHant } from '../../locales/zh-Hant';

/** The ids of the invite page's texts: the keys of its English catalog (src/locales/en.json). */
export type TextKey = keyof typeof english;

/**
 * Every text of the invite page, complete in its three languages. All three come with the page:
 * its language is its own (the address, else the browser: language.ts), known only as it renders.
 */
const TRANSLATORS: Record<InviteLanguage, Translate<TextKey>> = {
  en: translatorOf(INVITE_LANGUAGE_TAGS.en, en),
  zh: translatorOf(INVITE_LANGUAGE_TAGS.zh, zhHans),
  zhCHS: translatorOf(INVITE_LANGUAGE_TAGS.zhCHS, zhHant),
};

export function translatorFor(language: InviteLanguage): Translate<TextKey> {
  return TRANSLATORS[language];
}
