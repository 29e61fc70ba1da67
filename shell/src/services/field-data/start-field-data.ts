import type { RuntimeConfig, ShareAnswersInPage } from 'shared-contracts/page';
import { startFieldRecording, type FieldVisit } from './field-recorder';
import { pageKindOf } from './page-kind';
import type { FieldContext } from './send-field-data';

/** The shell's build (webpack's BUILD_ID: the commit it was built from). */
const SHELL_BUILD = process.env.BUILD_ID ?? 'unknown';

/** A visit the sample picked: what its beacon will say of it, and what it records. */
export interface SampledVisit {
  context: FieldContext;
  visit: FieldVisit;
}

/**
 * Field data of this visit, when the sample picks it: errors are recorded from now on (the
 * entry chunk); the measuring starts once the app is usable (measure-when-idle.ts).
 */
export function startFieldData(
  config: RuntimeConfig | null,
  answers: ShareAnswersInPage | null,
): SampledVisit | null {
  const visit = startFieldRecording(config);
  if (!visit) return null;
  return {
    visit,
    context: {
      page: pageKindOf(window.location.pathname, answers),
      shell: SHELL_BUILD,
    },
  };
}
