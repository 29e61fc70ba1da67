// What Lingui (https://lingui.dev) reads for each workspace that shows texts: its catalogs are
// `src/locales/{locale}.json` (ICU MessageFormat, an id to its message: English is the source,
// docs/development.md "Texts and languages"), compiled by `lingui compile` into `{locale}.ts` beside
// them (generated, not committed) and found in the code by the message ids its translators are
// called with: `t('someId', values)`.
import { formatter } from '@lingui/format-json';

/** A message id as the code passes it: `t('totalFiles'` (the translator is always named `t`). */
const MESSAGE_CALL = /\bt\(\s*(['"`])([A-Za-z][\w.]*)\1/g;

/**
 * Finds the message ids the code uses, for `lingui extract`: every `t('id'` of a non-test source
 * file. The ids are the catalogs' keys; the English catalog holds their texts.
 */
export const messageIdExtractor = {
  match: (filename) => /\.tsx?$/.test(filename) && !/\.test\.tsx?$/.test(filename),
  extract(filename, code, onMessageExtracted) {
    for (const match of code.matchAll(MESSAGE_CALL)) {
      const line = code.slice(0, match.index).split('\n').length;
      onMessageExtracted({ id: match[2], origin: [filename, line] });
    }
  },
};

/** The Lingui configuration of a workspace whose texts exist in `locales` (English first). */
export function messagesConfigOf(locales) {
  return {
    locales: [...locales],
    sourceLocale: 'en',
    fallbackLocales: false,
    catalogs: [
      {
        path: '<rootDir>/src/locales/{locale}',
        include: ['<rootDir>/src'],
        exclude: ['**/locales/**', '**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
      },
    ],
    format: formatter({ style: 'minimal' }),
    extractors: [messageIdExtractor],
    orderBy: 'messageId',
  };
}
