import { useEffect, useState, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import type { AccountChipProps } from './account-chip';

const loadAccountChip = () => import('./account-chip').then((module) => module.AccountChip);

/**
 * The account chip (account-chip.tsx) once someone is signed in: its code is fetched then, so the
 * start-up of the many who never sign in does not carry it. Not fetched (offline): no chip until
 * the next sign-in tries again, and the page works on.
 */
export function AccountSlot(props: AccountChipProps) {
  const { user } = useSnapshot(props.host.session.state);
  const [Chip, setChip] = useState<ComponentType<AccountChipProps> | null>(null);
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn || Chip) return;
    let current = true;
    loadAccountChip().then(
      (loaded) => current && setChip(() => loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [signedIn, Chip]);
  return signedIn && Chip ? <Chip {...props} /> : null;
}
