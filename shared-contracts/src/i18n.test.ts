import { createTranslator, mapLocale } from './i18n';

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

describe('translator', () => {
  const t = createTranslator(
    { en: { hello: 'Hello {name}', bye: 'Bye' }, zh: { hello: '你好 {name}' } },
    'zh',
  );
  it('uses the language and fills placeholders', () => {
    expect(t('hello', { name: 'Sam' })).toBe('你好 Sam');
  });
  it('falls back to English for a missing key', () => {
    expect(t('bye')).toBe('Bye');
  });
});
