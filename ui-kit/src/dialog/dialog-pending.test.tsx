import { render, screen } from '@testing-library/react';
import { DialogPending } from './dialog-pending';

it('says what it waits for, over the dimmed page', () => {
  render(<DialogPending label="Loading" />);
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
