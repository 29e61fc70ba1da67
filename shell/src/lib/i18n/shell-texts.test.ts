import { prepareShellTexts, provideShellTexts, shellTexts } from './shell-texts';

describe("the shell's texts", () => {
  it("are English, the start-up's, with their values filled in", () => {
    const t = shellTexts('en');
    expect(t('openApp')).toBe('Open App');
    expect(t('copyright', { productName: 'Cirrus' })).toBe('Copyright © 2025 Cirrus');
  });

  it("are a language's own once its catalog is loaded, English before", async () => {
    expect(shellTexts('zh-Hant')('loginWelcome')).toBe('Welcome');
    await prepareShellTexts('zh-Hant');
    expect(shellTexts('zh-Hant')('loginWelcome')).toBe('歡迎');
  });

  it('take the catalog the server render provides', () => {
    provideShellTexts('ja', { openApp: ['アプリを開く'] });
    expect(shellTexts('ja')('openApp')).toBe('アプリを開く');
  });
});
