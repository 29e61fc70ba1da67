import {
  folderIdOfQuery,
  isShareCode,
  queryWithFolder,
  shareCodeOfPage,
  shareCodeOfUrl,
  sharePageUrl,
} from './share-code';

describe('shareCodeOfPage', () => {
  it('reads the code of /s/{code} and nothing else', () => {
    expect(shareCodeOfPage('/s/demo-public')).toBe('demo-public');
    expect(shareCodeOfPage('/s/demo-public/')).toBe('demo-public');
    expect(shareCodeOfPage('/s/demo%2Dpublic')).toBe('demo-public');
    expect(shareCodeOfPage('/s/a%20b')).toBeNull();
    expect(shareCodeOfPage('/s/%E0%A4%A')).toBeNull();
    expect(shareCodeOfPage('/s/')).toBeNull();
    expect(shareCodeOfPage('/s/a/b')).toBeNull();
    expect(shareCodeOfPage(`/s/${'a'.repeat(65)}`)).toBeNull();
    expect(shareCodeOfPage('/invite')).toBeNull();
  });
});

describe('shareCodeOfUrl', () => {
  it.each([
    ['demo-public', 'demo-public'],
    ['  demo-public ', 'demo-public'],
    ['https://nimbus.example/s/demo-public', 'demo-public'],
    ['https://nimbus.example/s/demo-public/?pwd=ab12#top', 'demo-public'],
    ['/s/demo-public', 'demo-public'],
    ['https://nimbus.example/share?code=demo-public', 'demo-public'],
    ['https://nimbus.example/share?s=demo-public', 'demo-public'],
  ])('%s names %s', (shareUrl, code) => {
    expect(shareCodeOfUrl(shareUrl)).toBe(code);
  });

  it.each([
    '',
    'a b',
    'https://nimbus.example/s/a%20b',
    'https://nimbus.example/s/a/b',
    'https://nimbus.example/share?code=a%20b',
    'https://nimbus.example/invite',
    'http://[',
  ])('%s names no share', (shareUrl) => {
    expect(shareCodeOfUrl(shareUrl)).toBeNull();
  });
});

describe('sharePageUrl', () => {
  it('is the page a code opens, read back to the same code', () => {
    const url = sharePageUrl('https://nimbus.example', 'demo-public');
    expect(url).toBe('https://nimbus.example/s/demo-public');
    expect(shareCodeOfUrl(url)).toBe('demo-public');
    expect(isShareCode('demo-public')).toBe(true);
  });
});

describe('the folder in a share page address', () => {
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
