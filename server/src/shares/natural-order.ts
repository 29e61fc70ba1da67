import type { SiteLanguage } from 'shared-contracts';

/** What the natural order compares: a listed item's kind, name and id. */
export interface NamedItem {
  id: number;
  name: string;
  isFolder: boolean;
}

const collators = new Map<SiteLanguage, Intl.Collator>();

/**
 * Names as people sort them, in the visitor's language: letters before case ('archive.zip'
 * before 'City Clip'), numbers by their value ('photo-2' before 'photo-10'), the language's own
 * alphabet order. Made once per language: a collator is costly to make, cheap to use.
 */
export function nameCollator(language: SiteLanguage): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { numeric: true, usage: 'sort' });
    collators.set(language, collator);
  }
  return collator;
}

/**
 * A folder's items in natural name order: folders first, then by name (A to Z, or Z to A), equal
 * names by id, so pages never repeat or skip an item. Sorts `items` in place.
 */
export function sortByName<T extends NamedItem>(
  items: T[],
  language: SiteLanguage,
  order: 'asc' | 'desc',
): T[] {
  const { compare } = nameCollator(language);
  const direction = order === 'asc' ? 1 : -1;
  return items.sort(
    (a, b) =>
      Number(b.isFolder) - Number(a.isFolder) || direction * compare(a.name, b.name) || a.id - b.id,
  );
}

/** An item of a folder's name order: its name lower-cased for the filter (`lowerCaseOf`). */
interface OrderedItem {
  id: number;
  name: string;
  isFolder: boolean;
  /** The position of the first item whose name the collator finds equal to this one's. */
  run: number;
}

/**
 * A folder's items A to Z in one collation: what every order and name filter of its listing is
 * cut from in memory (10,000 names in a few milliseconds), so a visitor varying them costs no
 * database read and no sort.
 */
export type FolderNameOrder = readonly OrderedItem[];

export function folderNameOrder(items: NamedItem[], language: SiteLanguage): FolderNameOrder {
  const { compare } = nameCollator(language);
  const sorted = sortByName(items, language, 'asc');
  const ordered: OrderedItem[] = [];
  sorted.forEach((item, index) => {
    const previous = sorted[index - 1];
    const tied = previous !== undefined && compare(previous.name, item.name) === 0;
    const run = tied ? (ordered.at(-1)?.run ?? index) : index;
    ordered.push({ id: item.id, name: lowerCaseOf(item.name), isFolder: item.isFolder, run });
  });
  return ordered;
}

/**
 * Text lower-cased letter by letter, as PostgreSQL's lower() (what ILIKE compared) does: 'İ' is
 * 'i' and 'Σ' is 'σ' wherever it stands, where toLowerCase gives 'i̇' and, ending a word, 'ς'.
 */
export function lowerCaseOf(text: string): string {
  if (!/[\u0130\u03a3]/.test(text)) return text.toLowerCase();
  return Array.from(text, (letter) => (letter === '\u0130' ? 'i' : letter.toLowerCase())).join('');
}

/**
 * The ids of the folder's items whose names contain `filter` (ignoring case), as `sortByName`
 * orders them: folders first in either order, equal names by id.
 */
export function idsInOrder(
  folder: FolderNameOrder,
  order: 'asc' | 'desc',
  filter: string | undefined,
): number[] {
  const wanted = filter === undefined ? undefined : lowerCaseOf(filter);
  const matches =
    wanted === undefined ? folder : folder.filter((item) => item.name.includes(wanted));
  const inOrder =
    order === 'asc'
      ? matches
      : [
          ...byRunsReversed(matches.filter((item) => item.isFolder)),
          ...byRunsReversed(matches.filter((item) => !item.isFolder)),
        ];
  return inOrder.map((item) => item.id);
}

/** Z to A: the runs of equal names reversed, each run still in id order. */
function byRunsReversed(items: readonly OrderedItem[]): OrderedItem[] {
  const runs: OrderedItem[][] = [];
  for (const item of items) {
    const run = runs.at(-1);
    if (run?.[0]?.run === item.run) run.push(item);
    else runs.push([item]);
  }
  return runs.reverse().flat();
}
