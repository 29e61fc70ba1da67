import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_NAMES, SITE_LANGUAGES, type SiteLanguage } from 'shared-contracts';
import { LanguageMenu } from './language-menu';

function renderMenu(language: SiteLanguage = 'en') {
  const onChoose = jest.fn<undefined, [SiteLanguage]>();
  render(
    <>
      <LanguageMenu language={language} label="Language" onChoose={onChoose} />
      <button type="button">Open App</button>
    </>,
  );
  const button = screen.getByRole('button', { name: `Language ${LANGUAGE_NAMES[language]}` });
  return { onChoose, button, user: userEvent.setup() };
}

describe('the language menu', () => {
  it('is a button that says the language, named in itself, with the list closed', () => {
    const { button } = renderMenu('ja');
    expect(button).toHaveTextContent('日本語');
    expect(within(button).getByText('日本語')).toHaveAttribute('lang', 'ja');
    expect(button).toHaveAttribute('aria-haspopup', 'listbox');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("lists the 17 languages, each named in itself with its lang, the page's selected", async () => {
    const { button, user } = renderMenu('fr');
    await user.click(button);
    // The list's code comes as the button is reached; the list opens once it is here.
    const list = await screen.findByRole('listbox', { name: 'Language' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      SITE_LANGUAGES.map((code) => LANGUAGE_NAMES[code]),
    );
    expect(options.map((option) => option.getAttribute('lang'))).toEqual([...SITE_LANGUAGES]);
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Français');
    expect(screen.getByRole('option', { name: 'Français' })).toHaveFocus();
  });

  it('is reached with Tab, opens with Enter, moves with the arrows, Home and End, chooses with Enter', async () => {
    const { button, onChoose, user } = renderMenu('en');
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('option', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: '繁體中文' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: '简体中文' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('option', { name: 'Türkçe' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Türkçe' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('option', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowDown}{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith('zh-Hant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens with Space or an arrow key, and chooses with Space', async () => {
    const { button, onChoose, user } = renderMenu('de');
    button.focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('option', { name: 'Deutsch' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Deutsch' })).toHaveFocus();
    await user.keyboard('{ArrowDown} ');
    expect(onChoose).toHaveBeenCalledWith('ru');
  });

  it('closes with Escape back to the button, and with Tab on to what follows', async () => {
    const { button, onChoose, user } = renderMenu('ar');
    await user.click(button);
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open App' })).toHaveFocus();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it("chooses with a click; the page's own language, or a click elsewhere, only closes it", async () => {
    const { button, onChoose, user } = renderMenu('ko');
    await user.click(button);
    await user.click(await screen.findByRole('option', { name: '한국어' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    await screen.findByRole('listbox');
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();
    await user.click(button);
    await user.click(await screen.findByRole('option', { name: 'עברית' }));
    expect(onChoose).toHaveBeenCalledWith('he');
  });
});
