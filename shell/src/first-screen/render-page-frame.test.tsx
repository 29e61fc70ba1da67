/**
 * @jest-environment node
 */
import { TEST_CONFIG } from 'shared-contracts/testing';
import { shellTexts } from '../lib/i18n/shell-texts';
import { renderPageFrame } from './render-page-frame';

// The server renders this with no window and no document: the test runs where there are none.
describe("the server's render of the page frame", () => {
  it("puts the remote's HTML, as it is, between the top bar and the footer", () => {
    const content = '<div class="ns-root">rows $& $1</div>';
    const html = renderPageFrame({
      config: { ...TEST_CONFIG, productName: 'Cirrus' },
      platform: 'android',
      language: 'en',
      content,
    });
    expect(html).toMatch(/^<div class="nb-layout"><header class="nb-topbar">/);
    expect(html).toContain('aria-label="Cirrus home"');
    expect(html).toContain('>Open App</button>');
    expect(html).toContain(`<main class="nb-layout__main">${content}</main>`);
    expect(html).toMatch(/Copyright © 2025 (<!-- -->)?Cirrus/);
  });

  it("paints the language menu closed, saying the page's language in itself", () => {
    const html = renderPageFrame({
      config: TEST_CONFIG,
      platform: 'other',
      language: 'ar',
      content: '',
    });
    expect(html).toContain('aria-haspopup="listbox" aria-expanded="false"');
    expect(html).toMatch(/<bdi [^>]*lang="ar"[^>]*>العربية<\/bdi>/);
    expect(html).not.toContain('role="listbox"');
  });

  it("has every language's texts at hand, with nothing to load", () => {
    expect(shellTexts('zh-Hant')('loginWelcome')).toBe('歡迎');
  });
});
