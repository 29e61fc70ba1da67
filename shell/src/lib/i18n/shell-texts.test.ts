import { messages as traditionalChinese } from '../../locales/zh-Hant';
import { JsonResponse } from '../../testing/json-response';
import { prepareShellTexts, provideShellTexts, shellTexts } from './shell-texts';

describe("the shell's texts", () => {
  it("are English, the start-up's, with their values filled in", () => {
    const t = shellTexts('en');
    expect(t('openApp')).toBe('Open App');
    expect(t('copyright', { productName: 'Cirrus' })).toBe('Copyright © 2025 Cirrus');
  });

  it("are a language's own once its file is loaded, English before", async () => {
    const fetched: string[] = [];
    const fetch = jest.fn((url: string) => {
      fetched.push(url);
      return Promise.resolve(new JsonResponse(JSON.stringify(traditionalChinese)));
    });
    Object.defineProperty(window, 'fetch', { configurable: true, value: fetch });
    expect(shellTexts('zh-Hant')('loginWelcome')).toBe('Welcome');
    await prepareShellTexts('zh-Hant');
    expect(shellTexts('zh-Hant')('loginWelcome')).toBe('歡迎');
    // Its file beside the shell's scripts, named by the build's version of the catalogs.
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/^http:\/\/localhost\/messages\/zh-Hant\.[^/]*\.json$/);
  });

  it('take the catalog the server render provides', () => {
    provideShellTexts('ja', { openApp: ['アプリを開く'] });
    expect(shellTexts('ja')('openApp')).toBe('アプリを開く');
  });
});
