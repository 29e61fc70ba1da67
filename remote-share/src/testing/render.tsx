import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { HostServices } from 'shared-contracts';
import { HostProvider } from '../lib/host-context';

/** Renders a component of the viewer inside the host context. */
export function renderWithHost(host: HostServices, ui: ReactElement) {
  return render(<HostProvider host={host}>{ui}</HostProvider>);
}
