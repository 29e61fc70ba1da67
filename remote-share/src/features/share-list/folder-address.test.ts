import { folderIdOfQuery, queryWithFolder } from './folder-address';

describe('the folder in the page address', () => {
  it('reads a folder id, and nothing else as one', () => {
    expect(folderIdOfQuery('folder=17')).toBe(17);
    expect(folderIdOfQuery('sort=size&folder=2147483647')).toBe(2147483647);
    for (const query of [
      '',
      'folder=',
      'folder=0',
      'folder=-3',
      'folder=1e3',
      'folder=07',
      'folder=2147483648',
      'folder=x',
    ]) {
      expect(folderIdOfQuery(query)).toBeNull();
    }
  });

  it('writes the folder and keeps the other parameters; the root has none', () => {
    expect(queryWithFolder('sort=size', 12)).toBe('sort=size&folder=12');
    expect(queryWithFolder('folder=3&sort=size', 4)).toBe('folder=4&sort=size');
    expect(queryWithFolder('folder=3&sort=size', null)).toBe('sort=size');
    expect(queryWithFolder('folder=3', 0)).toBe('');
  });
});
