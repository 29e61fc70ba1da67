import { normalizeSearch, pathText, queryWithSearch, searchTextOf } from './search-address';

describe('the address of a whole-share search', () => {
  it('reads the searched text, trimmed, or none', () => {
    expect(searchTextOf('folder=7&search=%20beach%20')).toBe('beach');
    expect(searchTextOf('folder=7')).toBeNull();
    expect(searchTextOf('search=%20%20')).toBeNull();
  });

  it('writes a search beside the folder and removes it, leaving the rest alone', () => {
    expect(queryWithSearch('folder=7&sort=size', 'sun set')).toBe(
      'folder=7&sort=size&search=sun+set',
    );
    expect(queryWithSearch('folder=7&search=sun', null)).toBe('folder=7');
    expect(queryWithSearch('search=sun', '   ')).toBe('');
  });

  it('keeps at most 100 characters, counted as characters', () => {
    expect(Array.from(normalizeSearch('😀'.repeat(120)))).toHaveLength(100);
  });

  it("shows a result's folders from the root", () => {
    expect(pathText([{ name: 'Photos' }, { name: '2025' }, { name: 'Summer' }])).toBe(
      'Photos › 2025 › Summer',
    );
    expect(pathText([])).toBe('');
  });
});
