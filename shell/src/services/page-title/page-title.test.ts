import { createPageTitle } from './page-title';

it('shows the product name, the file name during a preview, then the product name again', () => {
  const page = createPageTitle('Nimbus');
  expect(document.title).toBe('Nimbus');
  page.setTitle('holiday.mp4');
  expect(document.title).toBe('holiday.mp4');
  page.setTitle(null);
  expect(document.title).toBe('Nimbus');
});

it("sets the document's language for a page in another one, then gives the page its own back", () => {
  document.documentElement.lang = 'en';
  const page = createPageTitle('Nimbus');
  page.setLanguage('zh-Hans');
  expect(document.documentElement.lang).toBe('zh-Hans');
  page.setLanguage(null);
  expect(document.documentElement.lang).toBe('en');
});

it("lays a part in another language out in that language's direction, then gives the page its own", () => {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
  const page = createPageTitle('Nimbus');
  page.setLanguage('zh-Hant');
  expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  page.setLanguage('he');
  expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  page.setLanguage(null);
  expect(document.documentElement).toHaveAttribute('lang', 'ar');
  expect(document.documentElement).toHaveAttribute('dir', 'rtl');
});
