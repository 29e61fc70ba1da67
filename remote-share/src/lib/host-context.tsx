import { createContext, useContext, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { directionOf, type HostServices, type Translate } from 'shared-contracts';
import { textsIn, type TextKey } from './texts';

const HostContext = createContext<HostServices | null>(null);

export function HostProvider({ host, children }: { host: HostServices; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

/** The host services handed to the viewer through its props. */
export function useHost(): HostServices {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost must be used inside HostProvider');
  return host;
}

/**
 * The viewer's texts in the page's language: ready before the first render (the module's
 * `prepare`), and the same function for the page's whole life (the language does not change).
 */
export function useTexts(): Translate<TextKey> {
  return textsIn(useHost().language);
}

/** The page's writing direction: an image gallery's arrows and swipes follow it. */
export function useDirection(): 'ltr' | 'rtl' {
  return directionOf(useHost().language);
}

/** True on the 'other' platform (desktop, called PC). */
export function useIsPc(): boolean {
  const host = useHost();
  return useSnapshot(host.platform).platform === 'other';
}

/** The logged-in user, or null. */
export function useSessionUser() {
  const host = useHost();
  return useSnapshot(host.session.state).user;
}
