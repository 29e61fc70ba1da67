import { isShareOpen, ShareType } from '../entities';
import { shareCodeOfPage } from '../share-code';
import type { FieldPageKind } from './field-data';
import { remoteOfPage, type ShareAnswersInPage } from './pages';

/**
 * What the visit landed on, from its address and the share answers the page carries (the shell's
 * beacon and the server's page, for a visit that leaves before the shell starts): the file
 * list, the extract-code screen, a status page (not found, canceled, expired), the invite page or
 * the home page.
 */
export function pageKindOf(pathname: string, answers: ShareAnswersInPage | null): FieldPageKind {
  if (remoteOfPage(pathname) === 'invite') return 'invite';
  // The shell's home routes (app/app.tsx).
  if (pathname === '/' || pathname === '/index.html') return 'home';
  if (/^\/404\/?$/.test(pathname)) return 'status';
  const code = shareCodeOfPage(pathname);
  if (code === null) return 'other';
  if (!answers || answers.share_code !== code) return 'status';
  if (!isShareOpen(answers.info.status)) return 'status';
  return answers.info.share_type === ShareType.Public ? 'share_list' : 'extract_code';
}
