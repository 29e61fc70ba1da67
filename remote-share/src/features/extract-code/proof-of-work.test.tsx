import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from 'shared-contracts/testing';
import { renderWithHost } from '../../testing/render';
import type { ProofOfWorkTexts } from './altcha-widget';
import { ExtractCodeScreen } from './extract-code-screen';
import type { ExtractCodeResult } from './extract-code-result';

// ALTCHA's widget solves in Web Workers, which jsdom lacks: here it shows its label and hands a
// payload back at once (the end-to-end test runs the real widget in Chromium).
jest.mock('./altcha-widget', () => ({
  createAltchaWidget: (
    _challenge: object,
    texts: ProofOfWorkTexts,
    onSolved: (p: string) => void,
  ) => {
    const widget = document.createElement('div');
    widget.textContent = texts.label;
    setTimeout(() => onSolved('solved-payload'), 0);
    return widget;
  },
}));

const sharer = { id: 1, nick_name: 'Sam', avatar: '' };
const challenge = { parameters: { nonce: 'n1' } };

/** The screen on a share under attack: each try without a proof is answered with a challenge. */
function underAttack(rightCode = 'ab12') {
  const tries: { code: string; proof?: string }[] = [];
  const onSubmit = (code: string, proof?: string): Promise<ExtractCodeResult> => {
    tries.push(proof ? { code, proof } : { code });
    if (!proof) return Promise.resolve({ kind: 'proof', challenge });
    return Promise.resolve(code === rightCode ? { kind: 'ok' } : { kind: 'invalid' });
  };
  const { host } = createFakeHost();
  renderWithHost(host, <ExtractCodeScreen sharer={sharer} expiryTime={0} onSubmit={onSubmit} />);
  return tries;
}

describe('the extract-code screen on a share under attack', () => {
  it('says what the short check is, runs it, then tries the code with its proof', async () => {
    const tries = underAttack();
    await userEvent.type(screen.getByRole('textbox', { name: 'Extract code' }), 'ab12{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This share is receiving many wrong codes. Your device is making a short check before your code is tried.',
    );
    expect(screen.getByText('Checking this device')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extract file' })).toBeDisabled();
    await waitFor(() =>
      expect(tries).toEqual([{ code: 'ab12' }, { code: 'ab12', proof: 'solved-payload' }]),
    );
  });

  it('says a wrong code is wrong after its check, and checks again for the next try', async () => {
    const tries = underAttack();
    const input = screen.getByRole('textbox', { name: 'Extract code' });
    await userEvent.type(input, 'zz99{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid extract code');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'ab12{Enter}');
    await waitFor(() =>
      expect(tries.map((attempt) => attempt.code)).toEqual(['zz99', 'zz99', 'ab12', 'ab12']),
    );
    expect(tries.filter((attempt) => attempt.proof)).toHaveLength(2);
  });
});
