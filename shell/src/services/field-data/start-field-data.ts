import {
  FIELD_PAGE_ATTRIBUTE,
  FIELD_TAKEN_ATTRIBUTE,
  pageKindOf,
  type RuntimeConfig,
  type ShareAnswersInPage,
} from 'shared-contracts/page';
import { startFieldRecording } from './field-recorder';
import { sendOnLeave, type LeaveBeacon } from './leave-beacon';

/** The shell's build (webpack's BUILD_ID: the commit it was built from). */
const SHELL_BUILD = process.env.BUILD_ID ?? 'unknown';

/**
 * Field data of this visit, when the sample picks it: errors are recorded from now on (the
 * entry chunk) and the visit's beacon leaves whenever the page is hidden or left, measured or
 * not; web-vitals starts measuring once the app is usable (measure-when-idle.ts). Null outside
 * the sample. From now on the page's early script (LEAVE_BEFORE_START_SCRIPT) sends nothing: the
 * visit is this beacon's, in the sample or not.
 */
export function startFieldData(
  config: RuntimeConfig | null,
  answers: ShareAnswersInPage | null,
): LeaveBeacon | null {
  document
    .querySelector(`script[${FIELD_PAGE_ATTRIBUTE}]`)
    ?.setAttribute(FIELD_TAKEN_ATTRIBUTE, '');
  const visit = startFieldRecording(config);
  if (!visit) return null;
  return sendOnLeave(
    { page: pageKindOf(window.location.pathname, answers), shell: SHELL_BUILD },
    visit,
  );
}
