/**
 * The JSON the server wrote into one of the page's `application/json` script elements
 * (shared-contracts/page, pages.ts); null when the page has no such element, an empty one, or one
 * that does not parse. Each reader checks the shape it expects.
 */
export function readJsonInPage(id: string, doc: Document = document): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
