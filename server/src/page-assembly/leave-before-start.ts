import type { FastifyInstance } from 'fastify';
import {
  FIELD_PAGE_ATTRIBUTE,
  FIELD_RATE_ATTRIBUTE,
  FIELD_SHELL_ATTRIBUTE,
  LEAVE_BEFORE_START_SCRIPT,
  pageKindOf,
  type RuntimeConfig,
  type ShareAnswersInPage,
} from 'shared-contracts/page';
import { escapeHtml } from '../lib/html';

/**
 * The early beacon's script for the head of a page (shared-contracts' `LEAVE_BEFORE_START_SCRIPT`,
 * docs/operations/field-data.md, "Visits that leave early"), with what it says of the visit: the
 * page kind, the shell build the server serves, the sample rate. Empty while field data is off.
 */
export async function leaveBeforeStartScript(
  app: FastifyInstance,
  config: RuntimeConfig,
  pathname: string,
  answers: ShareAnswersInPage | null,
): Promise<string> {
  const rate = config.fieldData?.sampleRate ?? 0;
  if (!(rate > 0)) return '';
  const [shell = 'unknown'] = (await app.knownReleases()).shell;
  const attributes = [
    [FIELD_PAGE_ATTRIBUTE, pageKindOf(pathname, answers)],
    [FIELD_SHELL_ATTRIBUTE, shell],
    [FIELD_RATE_ATTRIBUTE, String(rate)],
  ]
    .map(([name, value]) => `${name}="${escapeHtml(value ?? '')}"`)
    .join(' ');
  return `<script ${attributes}>${LEAVE_BEFORE_START_SCRIPT}</script>`;
}
