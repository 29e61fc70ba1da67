import type { Messages } from 'shared-contracts';
import english from '../locales/en.json';

/** What starts each of the fixture's texts: an Arabic letter, so each reads right to left. */
export const ARABIC_MARK = 'ع';

/**
 * An Arabic catalog for the tests, until translators write the real one: each English text after
 * `ARABIC_MARK`, and the file count in Arabic's six plural forms (zero, one, two, few, many,
 * other), to show that a translation's plural follows the language's rules.
 */
export const ARABIC_MESSAGES: Messages = {
  ...Object.fromEntries(
    Object.entries(english).map(([id, text]) => [id, `${ARABIC_MARK} ${text}`]),
  ),
  totalFiles:
    '{n, plural, zero {لا ملفات} one {ملف واحد} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}',
};
