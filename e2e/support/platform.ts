import type { TestInfo } from '@playwright/test';

/** The platform class each Playwright project emulates (spec section 1). */
export type ProjectPlatform = 'android' | 'ios' | 'other';

export function platformOf(testInfo: TestInfo): ProjectPlatform {
  if (testInfo.project.name === 'android') return 'android';
  if (testInfo.project.name === 'iphone') return 'ios';
  return 'other';
}
