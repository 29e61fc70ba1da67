/** Events reported to `/event/report` (docs/product.md, "Events"). */
export const EVENT_NAMES = [
  'share_save_success',
  'share_save_fail',
  'login_success',
  'login_fail',
  'button_share_save',
  'store_click',
  'share_view_details_enter',
  'share_preview_click',
  'share_preview_success',
  'share_preview_fail',
  'share_view_code_enter',
  'web_login_third_party',
  'web_login_cancel',
  'community_vip_enter',
  'community_vip2',
  'community_vip4',
  'community_vip5',
  'community_vip_success',
  'community_vip_fail',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** The event's content: a flat object, sent as JSON text. */
export type EventContent = Record<string, string | number | boolean | null>;
