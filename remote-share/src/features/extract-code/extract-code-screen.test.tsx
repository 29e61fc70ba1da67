import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from 'shared-contracts/testing';
import { renderWithHost } from '../../testing/render';
import type { ExtractCodeResult } from './extract-code-result';
import { ExtractCodeScreen } from './extract-code-screen';

const sharer = { id: 1, nick_name: 'Sam', avatar: '' };

/** The screen of a share whose code is ab12, as the server matches it: any case, trimmed. */
function renderScreen(linkCode?: string) {
  const tries: string[] = [];
  const onSubmit = (code: string): Promise<ExtractCodeResult> => {
    tries.push(code);
    return Promise.resolve(
      code.trim().toLowerCase() === 'ab12' ? { kind: 'ok' } : { kind: 'invalid' },
    );
  };
  const { host } = createFakeHost();
  renderWithHost(
    host,
    <StrictMode>
      <ExtractCodeScreen sharer={sharer} expiryTime={0} linkCode={linkCode} onSubmit={onSubmit} />
    </StrictMode>,
  );
  const field = screen.getByRole('textbox', { name: 'Extract code' });
  return { tries, field, user: userEvent.setup() };
}

describe('codes as people paste them', () => {
  it("trims a pasted code before the 4-character cut: ' ab12' is 'ab12', not ' ab1'", async () => {
    const { field, user, tries } = renderScreen();
    await user.click(field);
    await user.paste(' ab12');
    expect(field).toHaveValue('ab12');
    await user.click(screen.getByRole('button', { name: 'Extract file' }));
    expect(tries).toEqual(['ab12']);
  });

  it('trims a code with a line break or a tab after it, as chat apps copy it', async () => {
    const { field, user } = renderScreen();
    await user.click(field);
    await user.paste('ab12\n');
    expect(field).toHaveValue('ab12');
    await user.clear(field);
    await user.paste('\tAB12 ');
    expect(field).toHaveValue('AB12');
  });

  it('replaces the code the field held with a pasted one, rather than joining them', async () => {
    const { field, user } = renderScreen();
    await user.type(field, 'zzzz');
    await user.paste(' ab12');
    expect(field).toHaveValue('ab12');
  });

  it('drops spaces typed before a code', async () => {
    const { field, user } = renderScreen();
    await user.type(field, '  ab12');
    expect(field).toHaveValue('ab12');
  });

  it('sends a code in capitals as typed: the server matches it whatever its case', async () => {
    const { field, user, tries } = renderScreen();
    await user.type(field, 'AB12{Enter}');
    expect(tries).toEqual(['AB12']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("the code a share's link carried (?pwd=)", () => {
  it('is filled in and tried once as the screen opens', async () => {
    const { field, tries } = renderScreen(' ab12');
    expect(field).toHaveValue('ab12');
    await waitFor(() => expect(tries).toEqual(['ab12']));
    // Strict mode runs the first effect twice: still one try.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tries).toEqual(['ab12']);
  });

  it('when wrong, says so inline, and the field keeps working', async () => {
    const { field, user, tries } = renderScreen('zzzz');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid extract code');
    expect(field).toHaveValue('zzzz');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(field, 'ab12{Enter}');
    expect(tries).toEqual(['zzzz', 'ab12']);
  });

  it('is not tried when empty or only spaces', async () => {
    const { field, tries } = renderScreen('  ');
    expect(field).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tries).toEqual([]);
  });
});
