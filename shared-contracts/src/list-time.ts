/**
 * A moment as the file list shows it, `YYYY/MM/DD HH:mm` in the zone of the browser it runs in:
 * the same text as the viewer's `formatDate` (dayjs, 'YYYY/MM/DD HH:mm'; a test holds them
 * together in several zones).
 *
 * Its source is copied into the page's `FIRST_SCREEN_DATES_SCRIPT` (`shared-contracts/page`), so
 * it must stay self-contained: no helper outside its body and no function inside it (a build may
 * wrap those in helpers of its own, which the page would not have).
 */
export function formatListTime(date: Date): string {
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
