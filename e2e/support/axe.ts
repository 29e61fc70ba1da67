import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** axe-core's browser build, injected into the page under test (the a11y projects bypass CSP). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** The serious and critical violations axe finds in the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    type AxeResult = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[]; failureSummary?: string }[];
      }[];
    };
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }
    ).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        nodes: violation.nodes.map((node) =>
          `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 400),
        ),
      }));
  }, AXE_TAGS);
}

/** Fails with axe's findings when the page has any serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colours as they settle, not halfway through a transition (a button fading in after a check).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  const findings = await seriousViolations(page);
  // Soft: a test goes on to its other screens, and reports them all.
  expect.soft(findings, `${screen}: ${JSON.stringify(findings, null, 2)}`).toEqual([]);
}
