import { render } from '@testing-library/react';
import { createFakeHost, TEST_CONFIG } from 'shared-contracts/testing';
import { InviteView } from '../features/invite/components/invite-view';
import type { InviteBrowser } from '../features/invite/hooks/invite-browser';
import { renderInviteScreen } from './render-invite-first-screen';

/**
 * A guard beside e2e/tests/painted-screens.spec.ts (which compares the built apps in a browser):
 * the app's first render of the invite page is the markup the server paints, so the page does not
 * change as the app takes over. The app user is not read yet (the bridge has not answered).
 */
const nothing = () => undefined;

/**
 * Markup written the same whoever made it (as e2e/support/first-render.ts does): attributes
 * sorted, React's id names by where they are used, no resource hints (React hoists the
 * background's preload).
 */
function canonical(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const ids = new Map<string, string>();
  const idOf = (id: string) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`);
    return ids.get(id);
  };
  const write = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element) || node.tagName === 'LINK') return '';
    const attributes = Array.from(node.attributes, ({ name, value }) =>
      name === 'id' || name === 'aria-labelledby'
        ? `${name}="${idOf(value)}"`
        : `${name}="${value}"`,
    ).sort();
    const children = Array.from(node.childNodes, write).join('');
    return `<${node.tagName.toLowerCase()} ${attributes.join(' ')}>${children}</>`;
  };
  return Array.from(template.content.childNodes, write).join('');
}

function firstRenderInTheApp(search: string, language: string): string {
  const { host } = createFakeHost({
    config: TEST_CONFIG,
    appBridge: { getUserInfo: () => new Promise(nothing) },
  });
  const browser: InviteBrowser = {
    search,
    origin: 'http://localhost',
    pathname: '/invite',
    language,
    assign: nothing,
    replace: nothing,
    storage: { getItem: () => null, setItem: nothing, removeItem: nothing },
  };
  const { container } = render(<InviteView host={host} browser={browser} />);
  return container.innerHTML;
}

describe("the invite page's first render", () => {
  it.each([
    ['', 'en-US'],
    ['?lang=zh', 'en-US'],
    ['?state=lang%3DzhCHS', 'en-US'],
    ['', 'zh-HK'],
  ])('for %s in a browser speaking %s is the markup the server paints', (search, language) => {
    const painted = renderInviteScreen({
      config: TEST_CONFIG,
      platform: 'android',
      language: 'en',
      search,
      browserLanguage: language,
    });
    expect(painted).not.toBeNull();
    expect(canonical(firstRenderInTheApp(search, language))).toBe(canonical(painted?.html ?? ''));
  });
});
