/*
 * The link previews' own words in the page's language (issue 48): the server's catalogs,
 * `src/locales/<language>.json` (ICU MessageFormat, English the source), compiled by
 * scripts/messages.mjs as the apps' are (docs/development.md, "Texts and languages").
 */
import {
  fileSizeOf,
  sizeInLanguage,
  translatorOf,
  type FileSize,
  type SiteLanguage,
  type Translate,
} from 'shared-contracts';
import type english from '../locales/en.json';
import { CATALOGS } from '../locales/index';

/** The ids of the previews' words: the keys of the English catalog. */
export type WordId = keyof typeof english;
export type Words = Translate<WordId>;

const translators = new Map<SiteLanguage, Words>();

/** The previews' words in a language, its translator made once. */
export function wordsIn(language: SiteLanguage): Words {
  let t = translators.get(language);
  if (!t) {
    t = translatorOf<WordId>(language, CATALOGS[language] ?? {});
    translators.set(language, t);
  }
  return t;
}

const NO_BYTES: FileSize = { value: 0, unit: 'B', fractionDigits: 0 };

/** A size as the share's page writes it (`sizeInLanguage`). English: '35.2 MB'. */
export function sizeIn(bytes: number, language: SiteLanguage, t: Words): string {
  return sizeInLanguage(fileSizeOf(bytes) ?? NO_BYTES, language, {
    B: (size) => t('sizeBytes', { size }),
    KB: (size) => t('sizeKilobytes', { size }),
    MB: (size) => t('sizeMegabytes', { size }),
    GB: (size) => t('sizeGigabytes', { size }),
  });
}
