import { mountStandalone } from 'ui-kit';
import InvitePage from './app/invite-page';

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
void mountStandalone((host) => <InvitePage host={host} />);
