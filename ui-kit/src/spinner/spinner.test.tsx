import { render, screen } from '@testing-library/react';
import { Spinner, SpinnerRing } from './spinner';

it('is a status named by its label', () => {
  render(<Spinner label="Loading files" className="app-spinner" />);
  const status = screen.getByRole('status', { name: 'Loading files' });
  expect(status).toHaveClass('uk-spinner', 'app-spinner');
});

it('has a decorative ring only', () => {
  const { container } = render(
    <div role="status">
      <SpinnerRing className="app-ring" />
      Joining…
    </div>,
  );
  expect(screen.getByRole('status')).toHaveTextContent('Joining…');
  const ring = container.querySelector('.uk-spinner__ring');
  expect(ring).toHaveClass('app-ring');
  expect(ring).toHaveAttribute('aria-hidden', 'true');
});
