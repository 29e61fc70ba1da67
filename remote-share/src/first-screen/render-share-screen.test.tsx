/**
 * @jest-environment node
 */
import { TEST_CONFIG } from 'shared-contracts/testing';
import type { ShareInfo, SiteLanguage } from 'shared-contracts';
import { ARABIC_MARK } from '../testing/arabic-texts';
import { shareInfo } from '../testing/fixtures';
import { renderShareScreen } from './render-share-screen';

// The Arabic catalog stays empty until translators write it: the tests' own stands in for it.
jest.mock('../locales/ar', () => ({
  messages: jest.requireActual('../testing/arabic-texts').ARABIC_MESSAGES,
}));

// The server renders this with no window and no document: the test runs where there are none.
function render(info: ShareInfo | null, shareCode = 'demo-private', language: SiteLanguage = 'en') {
  return renderShareScreen({
    config: TEST_CONFIG,
    platform: 'android',
    language,
    shareCode,
    info,
  });
}

describe("the server's render of a share page without a list", () => {
  it("is a protected share's code prompt: the sharer, the labelled field, Extract file", () => {
    const screen = render(
      shareInfo({ share_type: 2, user_info: { id: 7, nick_name: '<b>Sam</b>', avatar: '' } }),
    );
    expect(screen?.html).toContain('&lt;b&gt;Sam&lt;/b&gt;');
    expect(screen?.html).toMatch(
      /<label class="uk-visually-hidden" for="([^"]+)">Extract code<\/label>/,
    );
    expect(screen?.html).toMatch(/<input[^>]*type="text"[^>]*placeholder="[^"]+"[^>]*value=""/);
    expect(screen?.html).toMatch(/<button type="submit"[^>]*>Extract file<\/button>/);
    expect(screen?.title).toBe(`Enter the extract code · ${TEST_CONFIG.productName}`);
  });

  it("is a closed share's status view, with its title", () => {
    const expired = render(shareInfo({ status: 3 }), 'demo-expired');
    expect(expired?.html).toMatch(
      /<h1 class="ns-status__title" id="ns-status-title">Share expired<\/h1>/,
    );
    expect(expired?.title).toBe(`Share expired · ${TEST_CONFIG.productName}`);
    expect(render(shareInfo({ status: 2 }))?.title).toContain('Share canceled');
    expect(render(shareInfo({ status: 4 }))?.html).toContain('deleted by the sharer');
    // The QR codes' places, as the app's first render shows them: the codes come after it.
    expect(expired?.html.match(/class="ns-status__qr-placeholder"/g)).toHaveLength(2);
    expect(expired?.html).toContain('aria-label="QR code of the Android store"');
  });

  it('is the not-found view for a code that names no share', () => {
    const missing = render(null, 'nope');
    expect(missing?.html).toContain('ns-status');
    expect(missing?.title).toBe(`Page not found · ${TEST_CONFIG.productName}`);
  });

  it('is none for an open public share, whose list the server did not have', () => {
    expect(render(shareInfo({ share_type: 1 }), 'demo-large')).toBeNull();
  });

  it("is in the page's language, its title too, the sharer's name isolated", () => {
    const screen = render(shareInfo({ share_type: 2 }), 'demo-private', 'ar');
    expect(screen?.html).toContain(
      `${ARABIC_MARK} <span dir="auto" class="ns-extract__nickname">Sam</span> has shared files with you`,
    );
    expect(screen?.html).toMatch(/<button type="submit"[^>]*>ع Extract file<\/button>/);
    expect(screen?.title).toBe(
      `${ARABIC_MARK} ${ARABIC_MARK} Enter the extract code · ${TEST_CONFIG.productName}`,
    );
  });
});
