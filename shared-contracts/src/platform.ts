import { MOBILE_MAX_WIDTH } from './constants';

/** Platform classes (docs/product.md, "Who uses it"): PC is 'other'. */
export type Platform = 'android' | 'ios' | 'mobile' | 'other';

/** Deep link targets into the mobile app. */
export type DeepLinkTarget =
  | { path: 'default' }
  /** The default screen with the share (and folder) the page shows, for the app to open too. */
  | { path: 'default'; share: { code: string; folderId: number | null } }
  | { path: 'fromShare'; folderId: number; folderName: string }
  | { path: 'pay' };

/**
 * What a browser tells of its platform. A server or an edge cache has the request's headers: the
 * user agent and, from Chromium, the low-entropy Client Hints (sent on every request, without
 * Accept-CH). The browser has the user agent and the window's width.
 */
export interface PlatformSigns {
  /** The `User-Agent` header, or `navigator.userAgent`; '' when there is none. */
  userAgent: string;
  /** `Sec-CH-UA-Platform` as sent, quotes included (`"Android"`). */
  platformHint?: string;
  /** `Sec-CH-UA-Mobile` as sent: `?1` from a phone's browser. */
  mobileHint?: string;
  /** The window's width in CSS pixels, where it is known (in the browser). */
  width?: number;
}

/**
 * The platform (docs/product.md, "Who uses it") as far as a user agent tells it: android, ios, or
 * null when only the window's width decides between 'mobile' and 'other'.
 */
export function platformOfUserAgent(userAgent: string): 'android' | 'ios' | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return null;
}

/** The platform a `Sec-CH-UA-Platform` hint names, when it is a phone's. */
function platformOfHint(hint: string | undefined): 'android' | 'ios' | null {
  const named = (hint ?? '').trim().replace(/^"|"$/g, '').toLowerCase();
  return named === 'android' || named === 'ios' ? named : null;
}

/**
 * The platform class (docs/product.md, "Who uses it"), the one rule of the shell, the server and
 * the edge cache (ops/varnish/nimbus.vcl decides the same in VCL;
 * server/src/test/platform-vcl.test.ts holds it to this). The user agent's word comes first, then
 * the Client Hints'; between a phone's browser ('mobile') and a PC ('other') the window's width
 * decides (756 px or less is a phone's), and where no width is known, the user agent's "Mobi" or
 * `Sec-CH-UA-Mobile: ?1`.
 */
export function platformOf(signs: PlatformSigns): Platform {
  const named = platformOfUserAgent(signs.userAgent) ?? platformOfHint(signs.platformHint);
  if (named) return named;
  const phone =
    signs.width === undefined
      ? /mobi/i.test(signs.userAgent) || signs.mobileHint === '?1'
      : signs.width <= MOBILE_MAX_WIDTH;
  return phone ? 'mobile' : 'other';
}
