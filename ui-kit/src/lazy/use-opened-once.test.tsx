import { render, screen } from '@testing-library/react';
import { useOpenedOnce } from './use-opened-once';

function Probe({ open }: { open: boolean }) {
  return <p>{useOpenedOnce(open) ? 'mounted' : 'not yet'}</p>;
}

describe('useOpenedOnce', () => {
  it('is false until the first open and stays true after closing', () => {
    const { rerender } = render(<Probe open={false} />);
    expect(screen.getByText('not yet')).toBeInTheDocument();
    rerender(<Probe open />);
    expect(screen.getByText('mounted')).toBeInTheDocument();
    rerender(<Probe open={false} />);
    expect(screen.getByText('mounted')).toBeInTheDocument();
  });
});
