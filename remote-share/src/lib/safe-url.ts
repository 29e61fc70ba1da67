/**
 * A URL from data may be used as img/video src only when it is http(s), or relative to the
 * page (which resolves to the page's own http(s) origin). Anything else (javascript:, data:, ...)
 * gives null.
 */
export function safeMediaUrl(url: string | null | undefined): string | null {
  if (!url || typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (trimmed === '') return null;
  try {
    // A server render has no page to resolve against: only absolute URLs pass there.
    const base = typeof window === 'undefined' ? undefined : window.location.href;
    const parsed = new URL(trimmed, base);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.href;
  } catch {
    return null;
  }
}
