import { extensionOf, fileKindOf } from './file-kind';

const file = (name: string, media_type = 4) => ({ name, media_type });

describe('fileKindOf', () => {
  it('tells the kinds apart by extension, in any case', () => {
    expect(fileKindOf(file('guide.pdf'))).toBe('pdf');
    expect(fileKindOf(file('GUIDE.PDF'))).toBe('pdf');
    for (const name of ['a.zip', 'a.rar', 'a.7z', 'a.tar', 'backup.tar.gz'])
      expect(fileKindOf(file(name))).toBe('archive');
    for (const name of ['a.doc', 'a.docx', 'a.odt', 'a.rtf'])
      expect(fileKindOf(file(name))).toBe('document');
    for (const name of ['a.xls', 'a.xlsx', 'a.csv', 'a.ods'])
      expect(fileKindOf(file(name))).toBe('spreadsheet');
    for (const name of ['a.txt', 'README.md', 'server.log', 'data.json', 'main.py', 'page.html'])
      expect(fileKindOf(file(name))).toBe('text');
    for (const name of ['app.apk', 'app.ipa', 'setup.exe', 'app.dmg'])
      expect(fileKindOf(file(name))).toBe('package');
  });

  it('takes images, videos and audio from the media type, whatever the name', () => {
    expect(fileKindOf(file('scan.pdf', 1))).toBe('image');
    expect(fileKindOf(file('Ocean Waves', 2))).toBe('video');
    expect(fileKindOf(file('tone.mp3', 3))).toBe('audio');
  });

  it('calls anything else a file', () => {
    expect(fileKindOf(file('data.bin'))).toBe('file');
    expect(fileKindOf(file('no-extension'))).toBe('file');
    expect(fileKindOf(file('.zip'))).toBe('file');
    expect(fileKindOf(file('trailing.'))).toBe('file');
  });

  it('reads the extension after the last dot', () => {
    expect(extensionOf('a.b.TXT')).toBe('txt');
    expect(extensionOf('.hidden')).toBe('');
  });
});
