import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from 'shared-contracts/testing';
import { renderWithHost } from '../../testing/render';
import type { ExtractCodeResult } from './extract-code-result';
import { ExtractCodeScreen } from './extract-code-screen';

/**
 * Where the focus is and what the field says after 'Extract file' (issue 33): back in the field
 * after a refused code, and an empty submit marks the field as well as showing the toast.
 */
const sharer = { id: 1, nick_name: 'Sam', avatar: '' };

function renderScreen(answer: ExtractCodeResult['kind'] = 'invalid') {
  let settle: () => void = () => undefined;
  const onSubmit = () =>
    new Promise<ExtractCodeResult>((resolve) => {
      settle = () =>
        resolve(
          answer === 'locked'
            ? { kind: 'locked', retryAfterSeconds: 120 }
            : ({ kind: answer } as ExtractCodeResult),
        );
    });
  const fake = createFakeHost();
  renderWithHost(
    fake.host,
    <ExtractCodeScreen sharer={sharer} expiryTime={0} onSubmit={onSubmit} />,
  );
  return {
    ...fake,
    field: screen.getByRole('textbox', { name: 'Extract code' }),
    button: screen.getByRole('button', { name: 'Extract file' }),
    answer: () => act(async () => settle()),
  };
}

describe("the focus after 'Extract file'", () => {
  it.each(['invalid', 'locked'] as const)(
    'returns to the field when the code comes back %s',
    async (answer) => {
      const { field, button, answer: reply } = renderScreen(answer);
      await userEvent.type(field, 'zz99');
      await userEvent.click(button);
      // The button is off while the code is checked.
      expect(button).toBeDisabled();
      await reply();
      expect(screen.getByRole('alert')).toBeInTheDocument();
      expect(field).toHaveFocus();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    },
  );

  it('stays where the visitor moved it meanwhile', async () => {
    const { field, button, answer } = renderScreen('invalid');
    await userEvent.type(field, 'zz99');
    await userEvent.click(button);
    const clear = screen.getByRole('button', { name: 'Clear extract code' });
    clear.focus();
    await answer();
    expect(clear).toHaveFocus();
  });
});

describe("'Extract file' with an empty field", () => {
  it('shows the toast, marks the field invalid and describes why, with the focus on it', async () => {
    const { field, button, record } = renderScreen();
    await userEvent.click(button);
    expect(record.toasts).toEqual(['Please enter the extract code first']);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter the extract code first');
    expect(field).toHaveFocus();
    // Typing a code clears the mark.
    await userEvent.type(field, 'a');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAccessibleDescription();
  });
});
