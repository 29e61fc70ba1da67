import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoginOutcome } from 'shared-contracts';
import { provideShellTexts } from '../../lib/i18n/shell-texts';
import { messages as simplifiedChinese } from '../../locales/zh-Hans';
import { messages as traditionalChinese } from '../../locales/zh-Hant';
import { TOKEN_STORAGE_KEY } from '../../services/session/session-service';
import { ok } from '../../testing/fake-api-server';
import { renderShell, USER_AGENTS } from '../../testing/render-shell';
import { CAROL } from '../../testing/signed-in-user';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

async function openSheet(host: ReturnType<typeof renderShell>['host'], options = {}) {
  let outcome: Promise<LoginOutcome | null> = Promise.resolve(null);
  await act(async () => {
    outcome = host.login.open(options);
  });
  // Wrapped: an async function returning a promise would wait for the login to end.
  return { outcome };
}

describe('login sheet texts', () => {
  it('shows Welcome, both providers and the agreement links in English', async () => {
    const { host } = renderShell();
    void openSheet(host);
    const sheet = await screen.findByRole('dialog', { name: 'Welcome' });
    expect(sheet).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in with Apple ID' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User Agreement' })).toHaveAttribute(
      'href',
      host.config.links.userAgreement,
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      host.config.links.privacyPolicy,
    );
    expect(sheet).toHaveTextContent(
      'By continuing, you agree to our User Agreement and Privacy Policy.',
    );
  });

  it('hides Log in with Apple ID on Android', async () => {
    const { host } = renderShell({ userAgent: USER_AGENTS.android, width: 400 });
    void openSheet(host);
    await screen.findByRole('dialog', { name: 'Welcome' });
    expect(screen.getByRole('button', { name: 'Log in with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in with Apple ID' })).not.toBeInTheDocument();
  });

  it('shows Apple ID on iOS', async () => {
    const { host } = renderShell({ userAgent: USER_AGENTS.ios, width: 390 });
    void openSheet(host);
    expect(await screen.findByRole('button', { name: 'Log in with Apple ID' })).toBeInTheDocument();
  });

  it('speaks Simplified Chinese on a page in zh-Hans', async () => {
    // As the start-up does before the shell's first render.
    provideShellTexts('zh-Hans', simplifiedChinese);
    const { host } = renderShell({ language: 'zh-Hans' });
    void openSheet(host);
    const sheet = await screen.findByRole('dialog', { name: '欢迎' });
    expect(screen.getByRole('button', { name: '使用 Google 登录' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '使用 Apple ID 登录' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '关闭' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent('继续即表示您同意我们的《用户协议》和《隐私政策》。');
  });

  it('speaks Traditional Chinese on a page in zh-Hant', async () => {
    provideShellTexts('zh-Hant', traditionalChinese);
    const { host } = renderShell({ language: 'zh-Hant' });
    void openSheet(host);
    const sheet = await screen.findByRole('dialog', { name: '歡迎' });
    expect(screen.getByRole('button', { name: '使用 Google 登入' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '《使用者協議》' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent('繼續即表示您同意我們的《使用者協議》和《隱私權政策》。');
    expect(sheet).toHaveAttribute('lang', 'zh-Hant');
  });
});

describe('login flow', () => {
  const api = (request: { url: string }) => {
    if (request.url.endsWith('/login'))
      return ok({ user_id: 42, is_new: false, token: 'session-token' });
    if (request.url.endsWith('/user/info')) return ok(CAROL);
    if (request.url.endsWith('/file/folder/list')) return ok({ list: [], total: 0 });
    if (request.url.endsWith('/product/list')) return ok({ vip_products: [] });
    return undefined;
  };

  it('in save mode logs in, stores the token, refreshes the session and resolves autoSave with the file id', async () => {
    const user = userEvent.setup();
    const { host, requests, events } = renderShell({ api });
    const { outcome } = await openSheet(host, { save: true, fileId: '12' });
    await user.click(await screen.findByRole('button', { name: 'Log in with Google' }));
    await expect(outcome).resolves.toEqual({ autoSave: true, fileId: '12' });
    expect(requests.find((r) => r.url.endsWith('/login'))?.body).toEqual({
      third_token: 'Google-id-token',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('session-token');
    expect(host.session.state.user).toEqual(CAROL);
    expect(await screen.findByRole('status')).toHaveTextContent('Login Success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Events go out once the page is idle.
    await waitFor(() => expect(events()).toEqual(['web_login_third_party', 'login_success']));
  });

  it('without save mode resolves autoSave false and no file id', async () => {
    const user = userEvent.setup();
    const { host } = renderShell({ api });
    const { outcome } = await openSheet(host, { fileId: '12' });
    await user.click(await screen.findByRole('button', { name: 'Log in with Apple ID' }));
    await expect(outcome).resolves.toEqual({ autoSave: false, fileId: '' });
  });

  it('reports web_login_cancel when the popup is closed, and keeps the sheet open', async () => {
    const user = userEvent.setup();
    const { host, events, requests } = renderShell({ api, identity: async () => null });
    void openSheet(host);
    await user.click(await screen.findByRole('button', { name: 'Log in with Google' }));
    await waitFor(() => expect(events()).toEqual(['web_login_third_party', 'web_login_cancel']));
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(requests.some((r) => r.url.endsWith('/login'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Log in with Google' })).toBeEnabled();
  });

  it('reports login_fail and shows the server message when /login refuses', async () => {
    const user = userEvent.setup();
    const { host, events } = renderShell({
      api: (request) =>
        request.url.endsWith('/login')
          ? { body: { code: 4000, msg: 'Invalid identity token', data: null } }
          : undefined,
    });
    void openSheet(host);
    await user.click(await screen.findByRole('button', { name: 'Log in with Google' }));
    await waitFor(() => expect(events()).toEqual(['web_login_third_party', 'login_fail']));
    expect(screen.getByRole('status')).toHaveTextContent('Invalid identity token');
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('resolves null when dismissed with Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    const { host } = renderShell();
    const opener = document.createElement('button');
    opener.textContent = 'Log in and save';
    document.body.appendChild(opener);
    opener.focus();
    const { outcome } = await openSheet(host, { save: true });
    await screen.findByRole('dialog', { name: 'Welcome' });
    expect(screen.getByRole('button', { name: 'Log in with Google' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await expect(outcome).resolves.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    opener.remove();
  });

  it('resolves null when closed with the Close button', async () => {
    const user = userEvent.setup();
    const { host } = renderShell();
    const { outcome } = await openSheet(host);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await expect(outcome).resolves.toBeNull();
  });
});
