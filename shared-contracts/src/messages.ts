import { setupI18n, type Messages } from '@lingui/core';

/** What fills a message's placeholders: `{n}`, `{name}`, a plural's count. */
export type MessageValues = Record<string, string | number>;

/** A language's texts of one app: a message id, with its values, to the text to show. */
export type Translate<Id extends string> = (id: Id, values?: MessageValues) => string;

export type { Messages };

/**
 * The translator of one language over compiled catalogs (Lingui: ICU MessageFormat with the
 * language's CLDR plural rules through `Intl.PluralRules`). Each app owns its catalogs
 * (`src/locales/`, scripts/messages.mjs) and loads the one language the page is in.
 */
export function translatorOf<Id extends string>(
  language: string,
  messages: Messages,
): Translate<Id> {
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  return (id, values) => i18n._(id, values);
}
