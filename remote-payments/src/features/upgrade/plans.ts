import type { HostConfig, Platform, Product } from 'shared-contracts';

/** Days a cycle counts for the per-day price: a month (cycle_type 1) is 30 days, else a week. */
const MONTH_CYCLE = 1;
const DAYS_PER_MONTH = 30;
const DAYS_PER_WEEK = 7;

/** Platforms that launch the mobile app; 'other' (PC) gets the download dialog instead. */
export function isPhone(platform: Platform): boolean {
  return platform !== 'other';
}

/**
 * `/product/list` takes app_id 1 on iOS and 2 everywhere else (docs/product.md, "The upgrade
 * sheet").
 */
export function appIdFor(platform: Platform): 1 | 2 {
  return platform === 'ios' ? 1 : 2;
}

/** A discounted plan has a non-zero discount price (0 means no discount). */
export function isDiscounted(product: Product): boolean {
  return product.discount_price > 0;
}

/**
 * The price the user actually pays: the discount price when there is one, else the price. The
 * per-day figure divides it (docs/product.md, "The upgrade sheet"), so a discounted
 * card's per-day price matches what the purchase button asks for.
 */
export function effectivePrice(product: Product): number {
  return isDiscounted(product) ? product.discount_price : product.price;
}

/**
 * The per-day price (docs/product.md, "The upgrade sheet"): the price the buyer pays /
 * cycle_num / (30 when cycle_type is 1, else 7), with two decimals.
 */
export function perDayPrice(product: Product): string {
  const cycles = product.cycle_num > 0 ? product.cycle_num : 1;
  const days = product.cycle_type === MONTH_CYCLE ? DAYS_PER_MONTH : DAYS_PER_WEEK;
  return (effectivePrice(product) / cycles / days).toFixed(2);
}

/**
 * What a plan of several months saves per day against the one-month plan at its regular price
 * (a new user's discount is for the first month only), in whole percent rounded down so it never
 * claims more than it saves; null for any other plan, or when it saves less than 1 %.
 */
export function savingPercent(product: Product, products: readonly Product[]): number | null {
  const monthly = products.find((plan) => plan.cycle_type === MONTH_CYCLE && plan.cycle_num === 1);
  if (!monthly || monthly.price <= 0) return null;
  if (product.cycle_type !== MONTH_CYCLE || product.cycle_num <= 1) return null;
  const perMonth = effectivePrice(product) / product.cycle_num;
  const percent = Math.floor((1 - perMonth / monthly.price) * 100);
  return percent >= 1 ? percent : null;
}

/** The plan selected first: the one with is_default 1, else the first; null without plans. */
export function defaultProductIndex(products: readonly Product[]): number | null {
  if (products.length === 0) return null;
  const index = products.findIndex((product) => product.is_default === 1);
  return index === -1 ? 0 : index;
}

/** Dollar amounts with two decimals: 9.9 -> '9.90'. */
export function formatDollars(amount: number): string {
  return amount.toFixed(2);
}

export type PurchaseLabel = { kind: 'purchase'; amount: string } | { kind: 'pay' };

/** 'Purchase in App for $X' when the selected plan has a discount price, otherwise 'Pay'. */
export function purchaseLabel(product: Product | null): PurchaseLabel {
  if (product && isDiscounted(product)) {
    return { kind: 'purchase', amount: formatDollars(product.discount_price) };
  }
  return { kind: 'pay' };
}

/** The auto-renewal agreement differs between Android and every other platform. */
export function autoRenewalLink(platform: Platform, links: HostConfig['links']): string {
  return platform === 'android' ? links.autoRenewalAndroid : links.autoRenewalOther;
}
