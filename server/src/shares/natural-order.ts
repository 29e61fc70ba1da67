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
