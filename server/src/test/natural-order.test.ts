/** The natural order of names (issue 49): what the share list and the link card sort by. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SITE_LANGUAGES } from 'shared-contracts';
import {
  folderNameOrder,
  idsInOrder,
  lowerCaseOf,
  sortByName,
  type NamedItem,
} from '../shares/natural-order';

let nextId = 1;
const file = (name: string): NamedItem => ({ id: nextId++, name, isFolder: false });
const folder = (name: string): NamedItem => ({ id: nextId++, name, isFolder: true });
const namesOf = (items: NamedItem[]) => items.map((item) => item.name);

describe('natural name order', () => {
  it('ignores case, reads numbers by value and keeps folders first', () => {
    const items = [
      file('photo-10.jpg'),
      file('City Clip.mp4'),
      folder('Photos'),
      file('photo-2.jpg'),
      file('archive.zip'),
      folder('documents'),
    ];
    assert.deepEqual(namesOf(sortByName(items, 'en', 'asc')), [
      'documents',
      'Photos',
      'archive.zip',
      'City Clip.mp4',
      'photo-2.jpg',
      'photo-10.jpg',
    ]);
    assert.deepEqual(namesOf(sortByName(items, 'en', 'desc')), [
      'Photos',
      'documents',
      'photo-10.jpg',
      'photo-2.jpg',
      'City Clip.mp4',
      'archive.zip',
    ]);
  });

  it("follows the visitor's language's alphabet, not byte values", () => {
    const names = () => [file('ñu'), file('nz'), file('Çay'), file('cz'), file('ca')];
    // Spanish has ñ as a letter after n; Turkish has ç as a letter after c; English has neither.
    assert.deepEqual(namesOf(sortByName(names(), 'en', 'asc')), ['ca', 'Çay', 'cz', 'ñu', 'nz']);
    assert.deepEqual(namesOf(sortByName(names(), 'es', 'asc')), ['ca', 'Çay', 'cz', 'nz', 'ñu']);
    assert.deepEqual(namesOf(sortByName(names(), 'tr', 'asc')), ['ca', 'cz', 'Çay', 'ñu', 'nz']);
  });

  it('keeps equal names in id order, so pages never repeat or skip an item', () => {
    const [first, second] = [file('same.jpg'), file('same.jpg')];
    assert.ok(first && second);
    assert.deepEqual(sortByName([second, first], 'en', 'desc'), [first, second]);
  });
});

describe("a folder's name order, kept once per language", () => {
  // Ties of every kind: the same name twice, names the collator finds equal (Thai ignores
  // punctuation: 'a-b' is 'ab'), a folder and a file of one name, and case and accent variants.
  const items = (): NamedItem[] => [
    file('photo-10.jpg'),
    file('same.jpg'),
    folder('Photos'),
    file('photo-2.jpg'),
    file('same.jpg'),
    file('a-b.txt'),
    file('ab.txt'),
    folder('same.jpg'),
    file('Same.jpg'),
    file('ñu.jpg'),
    file('nz.jpg'),
    folder('documents'),
    file('Çay.mp3'),
    file('ΟΔΟΣ.jpg'),
    file('İstanbul.jpg'),
  ];

  it('cuts every order and filter as sortByName orders the matches, in every language', () => {
    for (const language of SITE_LANGUAGES) {
      const folderItems = items();
      const kept = folderNameOrder([...folderItems], language);
      for (const order of ['asc', 'desc'] as const) {
        for (const filter of [undefined, 'SAME', 'photo', '.jpg', 'οδοσ', 'i', 'missing']) {
          const matches = folderItems.filter(
            (item) => filter === undefined || lowerCaseOf(item.name).includes(lowerCaseOf(filter)),
          );
          assert.deepEqual(
            idsInOrder(kept, order, filter),
            sortByName(matches, language, order).map((item) => item.id),
            `${language} ${order} ${filter}`,
          );
        }
      }
    }
  });

  it('lower-cases letter by letter, not by word', () => {
    // A final sigma stays σ, and İ is i: what PostgreSQL's lower() gave the ILIKE filter.
    assert.equal(lowerCaseOf('ΟΔΟΣ'), 'οδοσ');
    assert.equal(lowerCaseOf('İstanbul'), 'istanbul');
    assert.equal(lowerCaseOf('Photo-10.JPG'), 'photo-10.jpg');
  });
});
