import { translatorOf, type MessageValues, type SiteLanguage } from 'shared-contracts';
import { CATALOGS as PAYMENTS } from '../../remote-payments/src/locales';
import { CATALOGS as SHARE } from '../../remote-share/src/locales';
import { CATALOGS as SHELL } from '../../shell/src/locales';
import type paymentsEnglish from '../../remote-payments/src/locales/en.json';
import type shareEnglish from '../../remote-share/src/locales/en.json';
import type shellEnglish from '../../shell/src/locales/en.json';

/**
 * The texts a visitor sees in a language, from the apps' own compiled catalogs (built by
 * scripts/messages.mjs) through the translator the apps use: a journey finds the page's
 * buttons and dialogs by what they say in that language.
 */
export interface TextsOf {
  shell(id: keyof typeof shellEnglish, values?: MessageValues): string;
  share(id: keyof typeof shareEnglish, values?: MessageValues): string;
  payments(id: keyof typeof paymentsEnglish, values?: MessageValues): string;
}

/** The product's name, as the demo configuration gives it ({productName} in the texts). */
export const PRODUCT_NAME = 'Nimbus';

export function textsOf(language: SiteLanguage): TextsOf {
  const catalogOf = (catalogs: typeof SHELL) => {
    const catalog = catalogs[language];
    if (!catalog) throw new Error(`no ${language} catalog`);
    return translatorOf<string>(language, catalog);
  };
  const withProduct =
    (translate: (id: string, values?: MessageValues) => string) =>
    (id: string, values: MessageValues = {}) =>
      translate(id, { productName: PRODUCT_NAME, ...values });
  return {
    shell: withProduct(catalogOf(SHELL)),
    share: withProduct(catalogOf(SHARE)),
    payments: withProduct(catalogOf(PAYMENTS)),
  };
}
