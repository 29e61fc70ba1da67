/**
 * @jest-environment node
 */
import { TEST_CONFIG } from 'shared-contracts/testing';
import { renderHomeScreen } from './render-page-frame';

// The server renders this with no window and no document: the test runs where there are none.
describe("the server's render of the home page", () => {
  it('shows the frame around the home card: its heading, the labelled field and Open', () => {
    const html = renderHomeScreen({
      config: { ...TEST_CONFIG, productName: 'Cirrus' },
      platform: 'android',
      language: 'en',
    });
    expect(html).toMatch(/^<div class="nb-layout"><header class="nb-topbar">/);
    expect(html).toMatch(/<h1 class="nb-home__title"[^>]*>Open files shared with you<\/h1>/);
    expect(html).toContain('to see the files on Cirrus.');
    expect(html).toMatch(/<input[^>]*type="text"[^>]*value=""/);
    expect(html).toMatch(/<button type="submit" class="nb-home__open">[^<]+<\/button>/);
    expect(html).toMatch(/Copyright © 2025 (<!-- -->)?Cirrus/);
  });

  it("is in the page's language", () => {
    const html = renderHomeScreen({ config: TEST_CONFIG, platform: 'other', language: 'ar' });
    expect(html).toContain('فتح الملفات التي تمت مشاركتها معك');
  });
});
