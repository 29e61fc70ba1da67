import type { SiteLanguage } from './languages';

/**
 * A moment as the file list shows it, in the zone of the browser it runs in: in English
 * `YYYY/MM/DD HH:mm` (the product's format), in another language its own short date and time
 * (`Intl`, Latin digits as remote-share's sizes and counts). The viewer's `formatDate` is this.
 *
 * Its source is copied into the page's `FIRST_SCREEN_DATES_SCRIPT` (`shared-contracts/page`), so
 * it must stay self-contained: no helper outside its body and no function inside it (a build may
 * wrap those in helpers of its own, which the page would not have).
 */
export function formatListTime(date: Date, language: SiteLanguage = 'en'): string {
  if (language !== 'en') {
    return new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      numberingSystem: 'latn',
    }).format(date);
  }
  return (
    date.getFullYear() +
    '/' +
    String(date.getMonth() + 1).padStart(2, '0') +
    '/' +
    String(date.getDate()).padStart(2, '0') +
    ' ' +
    String(date.getHours()).padStart(2, '0') +
    ':' +
    String(date.getMinutes()).padStart(2, '0')
  );
}
