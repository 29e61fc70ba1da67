import type { HostServices } from 'shared-contracts';
import { shellTexts } from '../../lib/i18n/shell-texts';

/**
 * Logs the visitor out: the server forgets the session (`/logout`), the page forgets its
 * token and user, and a toast says so. The page forgets them whatever the server answers (a
 * network error is toasted by the API client): the visitor asked to be logged out of this page.
 */
export async function logOut(
  host: Pick<HostServices, 'session' | 'api' | 'toast' | 'language'>,
): Promise<void> {
  try {
    await host.api.call('/logout', {});
  } catch {
    // Toasted by the API client; the page still forgets the login below.
  } finally {
    host.session.clear();
  }
  const t = shellTexts(host.language);
  host.toast.show(t('loggedOut'));
}
