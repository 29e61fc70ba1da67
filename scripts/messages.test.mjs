// node --test scripts/*.test.mjs (part of `npm test`): the texts' catalogs are whole and sound
// (issue 48). For each workspace with a Lingui configuration (scripts/messages.mjs):
// - the English catalog holds exactly the message ids the code uses (`t('id'`): none missing,
//   none left over;
// - every language has every message, none empty;
// - every message parses as ICU MessageFormat, and its plural cases are the language's own
//   (CLDR, through Intl.PluralRules) with `other`;
// - a translation names the same placeholders as English (a plural or a select of English's
//   `{n}` is fine: the same name).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from '@messageformat/parser';
import { messageIdExtractor } from './messages-config.mjs';
import { MESSAGE_WORKSPACES } from './messages.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The placeholders a message names, and each plural's cases: `{n}`, `{n, plural, one {…}}`. */
export function argumentsOf(message) {
  const names = new Set();
  const pluralCases = [];
  const walk = (tokens) => {
    for (const token of tokens) {
      if ('arg' in token) names.add(token.arg);
      if (token.type === 'plural' || token.type === 'selectordinal') {
        pluralCases.push(
          token.cases.map((entry) => entry.key).filter((key) => !key.startsWith('=')),
        );
      }
      if ('cases' in token) for (const entry of token.cases) walk(entry.tokens);
    }
  };
  walk(parse(message));
  return { names, pluralCases };
}

/** The problems of one language's catalog against English's (empty: it is sound). */
export function catalogProblems(locale, catalog, english) {
  const problems = [];
  const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
  for (const [id, source] of Object.entries(english)) {
    const message = catalog[id];
    if (typeof message !== 'string' || message.trim() === '') {
      problems.push(`${locale}: ${id} has no text`);
      continue;
    }
    let parsed;
    try {
      parsed = argumentsOf(message);
    } catch (error) {
      problems.push(`${locale}: ${id} does not parse (${error.message})`);
      continue;
    }
    const expected = [...argumentsOf(source).names].sort().join(', ');
    const found = [...parsed.names].sort().join(', ');
    if (found !== expected)
      problems.push(`${locale}: ${id} names {${found}}, English {${expected}}`);
    for (const cases of parsed.pluralCases) {
      const foreign = cases.filter((key) => !categories.has(key));
      if (foreign.length > 0 || !cases.includes('other')) {
        problems.push(
          `${locale}: ${id} plural cases ${cases.join(' ')} (${[...categories].join(' ')})`,
        );
      }
    }
  }
  for (const id of Object.keys(catalog)) {
    if (!(id in english)) problems.push(`${locale}: ${id} is not an English message`);
  }
  return problems;
}

/** The message ids a workspace's code uses, as `lingui extract` finds them. */
function idsUsedIn(folder) {
  const ids = new Set();
  const source = path.join(repoRoot, folder, 'src');
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || file.includes(`${path.sep}locales${path.sep}`)) continue;
    if (!messageIdExtractor.match(file)) continue;
    messageIdExtractor.extract(file, readFileSync(file, 'utf8'), ({ id }) => ids.add(id));
  }
  return ids;
}

const readCatalog = (folder, locale) =>
  JSON.parse(readFileSync(path.join(repoRoot, folder, 'src', 'locales', `${locale}.json`), 'utf8'));

describe('the checks of a catalog', () => {
  it('find a missing or empty text, other placeholders, a foreign plural case, a broken message', () => {
    const english = { total: 'Total {n} file(s)', hello: 'Hello {name}', bye: 'Bye' };
    assert.deepEqual(
      catalogProblems(
        'ja',
        { total: '{n, plural, one {# file} other {# files}}', hello: 'こんにちは {nom}', bye: '' },
        english,
      ),
      [
        'ja: total plural cases one other (other)',
        'ja: hello names {nom}, English {name}',
        'ja: bye has no text',
      ],
    );
    assert.deepEqual(
      catalogProblems('fr', { total: '{n', hello: 'Salut {name}', bye: 'Au revoir' }, english).map(
        (problem) => problem.split(' (')[0],
      ),
      ['fr: total does not parse'],
    );
    assert.deepEqual(
      catalogProblems(
        'ar',
        { ...english, total: '{n, plural, zero {لا} two {#} few {#} many {#} other {#}}' },
        english,
      ),
      [],
    );
  });
});

for (const folder of MESSAGE_WORKSPACES) {
  describe(`${folder}'s texts`, () => {
    const english = readCatalog(folder, 'en');
    const locales = readdirSync(path.join(repoRoot, folder, 'src', 'locales'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''));

    it('are the ids its code uses, each with its English text', () => {
      const used = idsUsedIn(folder);
      assert.deepEqual(
        [...used].filter((id) => !(id in english)),
        [],
        'ids the code uses without an English text',
      );
      assert.deepEqual(
        Object.keys(english).filter((id) => !used.has(id)),
        [],
        'English texts no code uses',
      );
      assert.deepEqual(catalogProblems('en', english, english), []);
    });

    for (const locale of locales.filter((name) => name !== 'en')) {
      it(`are whole and sound in ${locale}`, () => {
        assert.deepEqual(catalogProblems(locale, readCatalog(folder, locale), english), []);
      });
    }
  });
}
