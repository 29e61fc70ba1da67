import { mapLocale } from './i18n';

describe('locale mapping (docs/product.md, "Languages")', () => {
  it.each([
    ['zh-CN', 'zh'],
    ['zh-SG', 'zh'],
    ['zh-TW', 'zhCHS'],
    ['zh-HK', 'zhCHS'],
    ['zh-MO', 'zhCHS'],
    ['zh', 'zh'],
    ['zh-Hans', 'zh'],
    ['en-US', 'en'],
    ['fr', 'en'],
    ['', 'en'],
  ])('%s maps to %s', (locale, language) => {
    expect(mapLocale(locale)).toBe(language);
  });
});
