// node --test scripts/*.test.mjs (part of `npm test`): the repository stands on its own and its
// Markdown reads well (issue 47).
//   - No Markdown line is over 120 characters, outside fenced code and tables.
//   - README.md, the front door, is 150 lines at most.
//   - No file of the repository points at the folder beside it (the parent's `shared` folder),
//     and none (code, configuration or Markdown) cites the documents that lived there, by name
//     or as the specification's numbered sections: everything a reader needs is here, and a
//     citation names docs/product.md, docs/decisions/ or docs/operations/ and a heading.
//   - Every relative link and image of the Markdown names a file that exists, and every
//     `#anchor` a heading of its target (GitHub's slugs).
// The links are checked here rather than with remark-validate-links: the rules are a few lines,
// they need no dependency (and no lockfile entries for other platforms), and one walk of the
// Markdown serves every check above.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINE = 120;
const README_MAX_LINES = 150;
/** The folder beside the repository, spelt so that this file does not name it itself. */
const OUTSIDE = new RegExp(`\\.\\./${'shared'}(?![\\w-])`);
/** The documents that used to live beside the repository, named as if they were files. */
const OUTSIDE_DOCUMENTS = new RegExp(
  `\\b(?:${['DECISIONS', 'DESIGN', 'STACK'].join('|')})\\.md\\b`,
);
/**
 * A citation of the product specification that lived beside the repository: by its file's name,
 * or by its numbered sections ('spec section 8', 'spec 4, "Save flow"', 'Spec 8 for', 'spec §3').
 */
const OUTSIDE_SPECIFICATION =
  /\bproduct-spec\b|\bspec(?:ification)?(?:'s)? (?:sections? |§ ?)?\d|\bspec §/i;

/** Whether a line cites a document outside the repository (code, configuration or Markdown). */
export function citesOutside(text) {
  return OUTSIDE_DOCUMENTS.test(text) || OUTSIDE_SPECIFICATION.test(text);
}

/** This file, whose rules and their self-tests name what they look for. */
const THIS_FILE = path
  .relative(repoRoot, fileURLToPath(import.meta.url))
  .split(path.sep)
  .join('/');

/** What is never the repository's own text: dependencies, builds, test output, git itself. */
const NOT_OURS = ['node_modules', '.git', 'dist', 'dist-first-screen', 'coverage'];
const NOT_OURS_PATHS = ['e2e/.artifacts/', 'data/'];

export function isOurs(file) {
  const parts = file.split('/');
  return (
    !parts.some((part) => NOT_OURS.includes(part)) &&
    !NOT_OURS_PATHS.some((prefix) => file.startsWith(prefix))
  );
}

/** Every file of the working tree that git would keep (tracked or new, not ignored). */
function repositoryFiles() {
  let files;
  try {
    files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter(Boolean);
  } catch {
    // Not a git checkout (an exported tree): walk it.
    files = readdirSync(repoRoot, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
  }
  return files
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => isOurs(file) && existsSync(path.join(repoRoot, file)));
}

/** A fence's opening or closing line: up to three spaces, then three or more ` or ~. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The lines of a Markdown text with what each is: in a fenced code block, a table row, or prose
 * (headings, lists and quotes included). Line numbers count from 1.
 */
export function markdownLines(markdown) {
  const lines = [];
  let fence = null;
  markdown.split('\n').forEach((text, index) => {
    const marker = FENCE.exec(text)?.[1];
    let kind;
    if (fence) {
      kind = 'code';
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    } else if (marker) {
      kind = 'code';
      fence = marker;
    } else if (/^\s*\|/.test(text)) {
      kind = 'table';
    } else {
      kind = 'prose';
    }
    lines.push({ number: index + 1, text, kind });
  });
  return lines;
}

/** A prose line without its code spans, where no link is. */
function withoutCodeSpans(text) {
  return text.replace(/(`+)[^`]*?\1/g, '');
}

/**
 * The heading's anchor as GitHub makes it: the rendered text in lower case, everything but
 * letters, marks, numbers, `_`, `-` and spaces dropped, each space a `-`.
 */
export function slugOf(heading) {
  const text = heading
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/\*/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text: its headings' slugs (a repeated one gets -1, -2, ...). */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const { text, kind } of markdownLines(markdown)) {
    if (kind !== 'prose') continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text);
    if (heading) {
      const slug = slugOf(heading[1]);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
  }
  return anchors;
}

/** The link and image targets of a Markdown text, outside code, with their line numbers. */
export function linksOf(markdown) {
  const links = [];
  for (const { number, text, kind } of markdownLines(markdown)) {
    if (kind === 'code') continue;
    const line = withoutCodeSpans(text);
    const targets = [
      ...[...line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
      ...[...line.matchAll(/^\s*\[[^\]]+\]:\s+(\S+)/g)].map((m) => m[1]),
      ...[...line.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g)].map((m) => m[1]),
    ];
    for (const target of targets) {
      links.push({ line: number, target: target.replace(/^<|>$/g, '') });
    }
  }
  return links;
}

/** Whether a link leaves the repository on purpose: a URL with a scheme, or `//host`. */
function isExternal(target) {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

const files = repositoryFiles();
const markdownFiles = files.filter((file) => file.endsWith('.md'));
const read = (file) => readFileSync(path.join(repoRoot, file), 'utf8');

describe('the Markdown rules', () => {
  it('tell code, tables and prose apart', () => {
    const kinds = markdownLines('a\n```sh\n| x |\n```\n| y |\n~~~\n````\n~~~\nb').map(
      (l) => l.kind,
    );
    assert.deepEqual(kinds, [
      'prose',
      'code',
      'code',
      'code',
      'table',
      'code',
      'code',
      'code',
      'prose',
    ]);
  });

  it("make GitHub's anchors", () => {
    assert.equal(
      slugOf('What the server holds against a stranger with curl'),
      'what-the-server-holds-against-a-stranger-with-curl',
    );
    assert.equal(slugOf('`/invite`'), 'invite');
    assert.equal(
      slugOf('Settings: `PUBLIC_ORIGIN`, `TRUST_PROXY`'),
      'settings-public_origin-trust_proxy',
    );
    assert.equal(slugOf('0.9.0 – 2026-11-28'), '090--2026-11-28');
    assert.equal(slugOf('[Unreleased]'), 'unreleased');
    assert.deepEqual([...anchorsOf('# A\n## A\n```\n# B\n```\n### A')], ['a', 'a-1', 'a-2']);
  });

  it('find links and images outside code, and nothing in code', () => {
    const markdown = [
      'See [deploying](docs/operations/deploying.md#settings) and `[not](a-link.md)`.',
      '![phone](docs/screenshots/save-bar-412.png "The list")',
      '<img src="docs/a.png" width="200">',
      '```',
      '[code](nothing.md)',
      '```',
      '[ref]: docs/product.md',
    ].join('\n');
    assert.deepEqual(
      linksOf(markdown).map((link) => link.target),
      [
        'docs/operations/deploying.md#settings',
        'docs/screenshots/save-bar-412.png',
        'docs/a.png',
        'docs/product.md',
      ],
    );
  });

  it('know the folder beside the repository from names that merely begin alike', () => {
    assert.equal(OUTSIDE.test(`see ../${'shared'}/spec`), true);
    assert.equal(OUTSIDE.test("import { sharedState } from '../shared-state';"), false);
  });

  it('know a citation of the documents that lived outside from words that merely look alike', () => {
    const cited = [
      'Response codes of spec section 8.',
      'The invite page (spec section 2 and 5)',
      'What the save flow needs (spec 4, "Save flow").',
      '/** Spec 8 for an answer with an envelope */',
      "Spec section 5's locale mapping",
      'see spec §3',
      'the demo data of DECISIONS.md',
      'STACK.md pitfall 1',
      'DESIGN.md, "Tokens"',
      'product-spec.pdf',
    ];
    for (const text of cited) assert.equal(citesOutside(text), true, text);
    const fine = [
      'e2e/tests/home.spec.ts',
      '## Where each spec feature lives',
      '(docs/product.md, "Response codes")',
      'docs/decisions/0019-extract-code-matching-and-pwd.md',
      'where the code differs from the original specification',
      'inspect 4 rows',
      'decisions.md.bak',
    ];
    for (const text of fine) assert.equal(citesOutside(text), false, text);
  });

  it('find every Markdown file, and only ours', () => {
    assert.ok(markdownFiles.includes('README.md'));
    assert.equal(isOurs('remote-share/dist/a.md'), false);
    assert.equal(isOurs('e2e/.artifacts/report.md'), false);
    assert.equal(isOurs('docs/product.md'), true);
  });
});

describe('the Markdown', () => {
  it(`has no line over ${MAX_LINE} characters outside code blocks and tables`, () => {
    const long = markdownFiles.flatMap((file) =>
      markdownLines(read(file))
        .filter(({ kind, text }) => kind === 'prose' && [...text].length > MAX_LINE)
        .map(({ number, text }) => `${file}:${number} (${[...text].length} characters)`),
    );
    assert.deepEqual(long, [], 'wrap these lines (tables that do not fit become lists)');
  });

  it(`has a README.md of ${README_MAX_LINES} lines at most`, () => {
    const lines = read('README.md').replace(/\n$/, '').split('\n').length;
    assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines; move the rest to docs/`);
  });

  it('names no document outside the repository', () => {
    const named = markdownFiles.flatMap((file) =>
      markdownLines(read(file))
        .filter(({ text }) => OUTSIDE_DOCUMENTS.test(text))
        .map(({ number }) => `${file}:${number}`),
    );
    assert.deepEqual(named, [], 'write what the reader needs into docs/ and link it');
  });

  it('links only to files and headings that exist', () => {
    const broken = [];
    for (const file of markdownFiles) {
      for (const { line, target } of linksOf(read(file))) {
        if (isExternal(target)) continue;
        const [rawPath, anchor] = target.split('#');
        let linkPath;
        try {
          linkPath = decodeURIComponent(rawPath);
        } catch {
          linkPath = rawPath;
        }
        const resolved = linkPath
          ? path.resolve(path.dirname(path.join(repoRoot, file)), linkPath)
          : path.join(repoRoot, file);
        const where = `${file}:${line} -> ${target}`;
        if (!resolved.startsWith(repoRoot) || !existsSync(resolved)) {
          broken.push(`${where} (no such file)`);
          continue;
        }
        if (anchor === undefined || anchor === '') continue;
        if (!resolved.endsWith('.md') || statSync(resolved).isDirectory()) continue;
        if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });
});

/** The text files of the repository (binaries skipped), each with its lines. */
function textFiles() {
  const texts = [];
  for (const file of files) {
    const buffer = readFileSync(path.join(repoRoot, file));
    if (buffer.subarray(0, 8000).includes(0)) continue; // binary: media, images, fonts
    texts.push({ file, lines: buffer.toString('utf8').split('\n') });
  }
  return texts;
}

describe('the repository', () => {
  const texts = textFiles();

  it('points at nothing beside it', () => {
    const outside = texts.flatMap(({ file, lines }) =>
      lines.flatMap((text, index) => (OUTSIDE.test(text) ? [`${file}:${index + 1}`] : [])),
    );
    assert.deepEqual(outside, [], 'these files cite the folder beside the repository');
  });

  it('cites no document outside it, in code, configuration or Markdown', () => {
    const cited = texts
      .filter(({ file }) => file !== THIS_FILE)
      .flatMap(({ file, lines }) =>
        lines.flatMap((text, index) => (citesOutside(text) ? [`${file}:${index + 1}`] : [])),
      );
    assert.deepEqual(
      cited,
      [],
      'cite docs/product.md, docs/decisions/ or docs/operations/ and a heading instead',
    );
  });
});
