// node --test scripts/*.test.mjs (part of `npm test`): docs/architecture.md's table "Where each
// spec feature lives" keeps each feature within two front-end places (bulletproof-react's par:
// a change to one feature touches at most two folders or files of the browser's code, the shared
// contract and ui-kit included), and names only paths that exist.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { WORKSPACES } from './workspaces.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HEADING = '## Where each spec feature lives';
/** The most places of the browser's code one feature may take. */
const FRONT_END_PLACES_MAX = 2;
/**
 * The product's features the table numbers (issue 47); its other rows are rules and server work.
 */
const NUMBERED_FEATURES = 18;
/** A code span naming a path of the repository: it begins with one of its top-level folders. */
const TOP_FOLDERS = [...WORKSPACES.map(({ folder }) => folder), 'scripts', 'bench', 'docs', 'ops'];
const REPO_PATH = new RegExp(`^(${TOP_FOLDERS.join('|')})/[\\w./@-]*$`);

/** The table after `heading`: its header's cells and its rows, each as an object by header. */
export function tableAfter(markdown, heading) {
  const lines = markdown.slice(markdown.indexOf(heading)).split('\n').slice(1);
  const start = lines.findIndex((line) => line.startsWith('|'));
  const cellsOf = (line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const header = cellsOf(lines[start] ?? '');
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = cellsOf(line);
    rows.push(Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
  }
  return { header, rows };
}

/** The repository paths a cell names in code spans, each once. */
export function placesIn(cell) {
  const spans = [...cell.matchAll(/`([^`\n]+)`/g)].map(([, span]) => span.trim());
  return [...new Set(spans.filter((span) => REPO_PATH.test(span)))];
}

/** What is wrong with the table: rows over the par, paths that do not exist, the numbering. */
export function tableProblems(markdown, exists) {
  const { header, rows } = tableAfter(markdown, HEADING);
  const [featureColumn, frontEndColumn, serverColumn] = header;
  const problems = [];
  if (header.length !== 3 || !/front/i.test(frontEndColumn) || !/server/i.test(serverColumn)) {
    return [`the table's columns are feature, front end, server; found ${header.join(', ')}`];
  }
  for (const row of rows) {
    const feature = row[featureColumn];
    const frontEnd = placesIn(row[frontEndColumn]);
    if (frontEnd.length > FRONT_END_PLACES_MAX) {
      problems.push(`${feature}: ${frontEnd.length} front-end places (${frontEnd.join(', ')})`);
    }
    for (const place of [...frontEnd, ...placesIn(row[serverColumn])]) {
      if (!exists(place)) problems.push(`${feature}: ${place} does not exist`);
    }
  }
  const numbers = rows
    .map((row) => /^(\d+)\./.exec(row[featureColumn])?.[1])
    .filter((number) => number !== undefined)
    .map(Number);
  const expected = Array.from({ length: NUMBERED_FEATURES }, (_, index) => index + 1);
  if (numbers.join() !== expected.join()) {
    problems.push(`the features are numbered ${numbers.join(', ')}, not 1 to ${NUMBERED_FEATURES}`);
  }
  return problems;
}

const inRepo = (place) => existsSync(path.join(repoRoot, place));

describe('docs/architecture.md, "Where each spec feature lives"', () => {
  it('keeps each feature within two front-end places, and names only paths that exist', () => {
    const markdown = readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');
    assert.deepEqual(tableProblems(markdown, inRepo), []);
  });

  const table = (...rows) =>
    `${HEADING}\n\n| feature | front end | server |\n| - | - | - |\n${rows.join('\n')}\n`;
  const numbered = Array.from(
    { length: NUMBERED_FEATURES },
    (_, index) => `| ${index + 1}. f${index + 1} | \`shell/src/app/\` | |`,
  );

  it('passes a table within the par', () => {
    assert.deepEqual(
      tableProblems(table(...numbered), () => true),
      [],
    );
  });

  it('knows a feature over the par, a path that does not exist and a missing feature', () => {
    const over = '| x | `shell/src/a/`, `ui-kit/src/b/`, `shared-contracts/src/c.ts` | |';
    assert.deepEqual(
      tableProblems(table(...numbered, over), () => true),
      ['x: 3 front-end places (shell/src/a/, ui-kit/src/b/, shared-contracts/src/c.ts)'],
    );
    const gone = '| y | `shell/src/app/` | `server/src/gone.ts` |';
    assert.deepEqual(
      tableProblems(table(...numbered, gone), (place) => place !== 'server/src/gone.ts'),
      ['y: server/src/gone.ts does not exist'],
    );
    assert.deepEqual(
      tableProblems(table(...numbered.slice(1)), () => true),
      [
        `the features are numbered ${numbered
          .slice(1)
          .map((_, index) => index + 2)
          .join(', ')}, not 1 to ${NUMBERED_FEATURES}`,
      ],
    );
  });

  it('counts a place named twice in one row once', () => {
    assert.deepEqual(placesIn('`shell/src/app/` and again `shell/src/app/`, `npm test`'), [
      'shell/src/app/',
    ]);
  });
});
