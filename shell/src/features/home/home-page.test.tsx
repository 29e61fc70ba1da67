import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HomePage } from './home-page';

function renderHome() {
  const onOpen = jest.fn<undefined, [string]>();
  render(<HomePage productName="Cirrus" language="en" onOpen={onOpen} />);
  const field = screen.getByRole('textbox', { name: 'Share link' });
  return { onOpen, field, user: userEvent.setup() };
}

describe('the home page', () => {
  it('says what the site does, with the product name, and labels its field', () => {
    renderHome();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Open files shared with you' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/see the files on Cirrus\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
  });

  // The test page is on http://localhost/.
  it.each([
    ['https://localhost:8443/s/demo-private?pwd=ab12', '/s/demo-private?pwd=ab12'],
    ['/s/demo-public', '/s/demo-public'],
    ['demo-public', '/s/demo-public'],
    ['Link: https://localhost/s/demo-private Extract code: ab12', '/s/demo-private?pwd=ab12'],
  ])('Enter on %j opens %s on this site', async (text, path) => {
    const { onOpen, field, user } = renderHome();
    await user.click(field);
    await user.paste(text);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(path);
  });

  it('keeps the line breaks of a pasted message apart', async () => {
    const { onOpen, field, user } = renderHome();
    await user.click(field);
    await user.paste('Link: https://localhost/s/demo-private\r\nExtract code: AB12');
    expect(field).toHaveValue('Link: https://localhost/s/demo-private Extract code: AB12');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(onOpen).toHaveBeenCalledWith('/s/demo-private?pwd=AB12');
  });

  it('shows an inline error for text without a share link, keeps the focus, and clears it on change', async () => {
    const { onOpen, field, user } = renderHome();
    await user.type(field, 'not a link at all');
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(onOpen).not.toHaveBeenCalled();
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('This is not a share link.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(error.textContent ?? '');
    expect(field).toHaveFocus();

    await user.type(field, '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAttribute('aria-describedby');
  });

  it("says another site's link is not a share link, and opens nothing", async () => {
    const { onOpen, field, user } = renderHome();
    await user.click(field);
    await user.paste('https://elsewhere.example/s/demo-private?pwd=ab12');
    await user.keyboard('{Enter}');
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('This is not a share link.');
  });

  it('asks for a link when the field is empty', () => {
    const { onOpen, field } = renderHome();
    fireEvent.submit(field);
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Paste a share link first.');
  });
});
