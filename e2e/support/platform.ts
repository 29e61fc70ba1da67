import type { TestInfo } from '@playwright/test';

/** The platform class each Playwright project emulates (docs/product.md, "Who uses it"). */
export type ProjectPlatform = 'android' | 'ios' | 'other';

export function platformOf(testInfo: TestInfo): ProjectPlatform {
  // The a11y projects are named after the same devices (`a11y-android`, ...).
  const device = testInfo.project.name.replace(/^a11y-/, '');
  if (device === 'android') return 'android';
  if (device === 'iphone') return 'ios';
  return 'other';
}
