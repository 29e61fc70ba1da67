/**
 * react-router's BrowserRouter numbers the page's history entry as it first renders (`idx` in
 * `history.state`, which it reads to tell Back from Forward), with a `history.replaceState`: a
 * few milliseconds of a slow phone's main thread inside the app's first render, which waits for
 * react-dom, the last file of the start-up. The start-up numbers the entry the same way while
 * react-dom still downloads, and the router finds it numbered (`router-history.test.tsx` holds
 * the router to that). An entry the router numbered before (a reload, Back) keeps its number.
 */
export function numberHistoryEntry(history: Pick<History, 'replaceState' | 'state'>): void {
  const state: unknown = history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state && state.idx != null) return;
  history.replaceState({ ...(state as object | null), idx: 0 }, '');
}
