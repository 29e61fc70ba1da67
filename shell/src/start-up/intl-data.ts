import type { SiteLanguage } from 'shared-contracts';

/**
 * Has the browser load its `Intl` data for the page's language while react-dom still downloads.
 * The first `Intl` format a page makes costs 40–55 ms on the benchmark's phone (4x CPU), every
 * later one, whatever its kind, about 0.1 ms; the viewer's first render makes its size formats,
 * so that cost sat between react-dom's last byte and the working list (docs/performance.md,
 * "The shell's start-up"). A number format, as the list's sizes, and the plural rules the
 * messages' counts read.
 */
export function loadIntlData(language: SiteLanguage): void {
  new Intl.NumberFormat(language, { maximumFractionDigits: 1, numberingSystem: 'latn' }).format(
    1.5,
  );
  new Intl.PluralRules(language).select(2);
}
