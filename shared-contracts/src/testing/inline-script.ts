/**
 * Runs one of the page's inline scripts (shared-contracts/page: the starter, the early beacon) as
 * the page would: from its own element, with `attributes`, as `document.currentScript`. Returns
 * that element. For jsdom tests only.
 */
export function runInlineScript(
  source: string,
  attributes: Record<string, string>,
): HTMLScriptElement {
  const element = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.head.append(element);
  const currentScript = jest.spyOn(document, 'currentScript', 'get').mockReturnValue(element);
  try {
    new Function(source)();
  } finally {
    currentScript.mockReturnValue(null);
  }
  return element;
}
