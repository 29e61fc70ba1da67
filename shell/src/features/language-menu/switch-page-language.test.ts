import { switchPageLanguage, type LanguageSwitchWindow } from './switch-page-language';

function page(href: string) {
  const win = {
    document: { cookie: '' },
    location: { href, protocol: new URL(href).protocol, replace: jest.fn(), reload: jest.fn() },
  } satisfies LanguageSwitchWindow;
  return win;
}

describe('choosing a language', () => {
  it('keeps the choice for the whole site for a year, and loads the page again', () => {
    const win = page('https://nimbus.example/s/demo-public?folder=7#top');
    switchPageLanguage('ar', win);
    expect(win.document.cookie).toBe('nimbus_lang=ar;path=/;max-age=31536000;samesite=lax;secure');
    expect(win.location.reload).toHaveBeenCalled();
    expect(win.location.replace).not.toHaveBeenCalled();
  });

  it('loads the page without its ?lang=, which would outweigh the choice', () => {
    const win = page('https://nimbus.example/s/demo-public?lang=ja&folder=7');
    switchPageLanguage('de', win);
    expect(win.location.replace).toHaveBeenCalledWith(
      'https://nimbus.example/s/demo-public?folder=7',
    );
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('keeps the cookie over plain http too (a development server)', () => {
    const win = page('http://localhost:8080/');
    switchPageLanguage('pt-BR', win);
    expect(win.document.cookie).toBe('nimbus_lang=pt-BR;path=/;max-age=31536000;samesite=lax');
  });
});
