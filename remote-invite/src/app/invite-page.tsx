import { useState } from 'react';
import { CONTRACT_VERSION, type InvitePageProps } from 'shared-contracts';
import { InviteView } from '../features/invite/components/invite-view';
import { windowBrowser } from '../features/invite/hooks/invite-browser';
import { RELEASE } from './release';
// ui-kit's palette, focus style and screen-reader-only class: each app brings them itself.
import 'ui-kit/src/theme/tokens.css';

export const contractVersion = CONTRACT_VERSION;
/** This remote's release in the field data (./release.ts). */
export const release = RELEASE;

/** The exposed module `./InvitePage`: the community invite page (route /invite). */
export default function InvitePage({ host }: InvitePageProps) {
  const [browser] = useState(windowBrowser);
  return <InviteView host={host} browser={browser} />;
}
