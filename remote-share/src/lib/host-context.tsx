import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { createTranslator, type HostServices, type Translate } from 'shared-contracts';
import { TEXTS, type TextKey } from './i18n';

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

/** The viewer's translation function, in the host's language. */
export function useT(): Translate<TextKey> {
  const host = useHost();
  return useMemo(() => createTranslator(TEXTS, host.language), [host.language]);
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
