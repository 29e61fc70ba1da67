/**
 * Whether a key press is the open preview's to act on (its arrows, + and -): the focus is in the
 * preview, or nowhere (a click on the image leaves it on the page's body), and no sheet or
 * dialog over the preview has made it inert. Keys with ctrl, cmd or alt are the browser's.
 */
export function isKeyForPreview(event: KeyboardEvent, inside: Element | null): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const preview = inside?.closest('[role="dialog"]');
  if (!preview || preview.closest('[inert]')) return false;
  const target = event.target;
  return target === document.body || (target instanceof Node && preview.contains(target));
}
