import { isShareOpen, shareCodeOfPage, ShareType } from 'shared-contracts';
import { remoteOfPage, type FieldPageKind, type ShareAnswersInPage } from 'shared-contracts/page';

/**
 * What the visit landed on, from its address and the share answers the page carries: the file
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
