/**
 * @jest-environment node
 */
import { TEST_CONFIG } from 'shared-contracts/testing';
import type { ShareInfo } from 'shared-contracts';
import { shareInfo } from '../testing/fixtures';
import { renderShareScreen } from './render-share-screen';

// The server renders this with no window and no document: the test runs where there are none.
function render(info: ShareInfo | null, shareCode = 'demo-private', platform = 'android' as const) {
  return renderShareScreen({ config: TEST_CONFIG, platform, language: 'en', shareCode, info });
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
});
