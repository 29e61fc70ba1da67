import {
  FOLDER_NAME_CHARS_MESSAGE,
  isWebUrl,
  FOLDER_NAME_EMPTY_MESSAGE,
  truncateExtractCode,
  truncateReport,
  validateFolderName,
} from './validation';

describe('folder name rules (docs/product.md, "Validation rules")', () => {
  it('trims a valid name', () => {
    expect(validateFolderName('  Holiday  ')).toEqual({ ok: true, value: 'Holiday' });
  });
  it('rejects an empty or blank name with the documented message', () => {
    expect(validateFolderName('   ')).toEqual({ ok: false, message: FOLDER_NAME_EMPTY_MESSAGE });
  });
  it.each(['a\\b', 'a/b', 'a:b', 'a?b', 'a"b', 'a<b', 'a>b', 'a|b'])('rejects %s', (name) => {
    expect(validateFolderName(name)).toEqual({ ok: false, message: FOLDER_NAME_CHARS_MESSAGE });
  });
  it('rejects a name over 100 characters', () => {
    expect(validateFolderName('x'.repeat(101)).ok).toBe(false);
    expect(validateFolderName('x'.repeat(100)).ok).toBe(true);
  });
});

describe('input limits', () => {
  it('keeps four characters of an extract code', () => {
    expect(truncateExtractCode('ab12xyz')).toBe('ab12');
  });
  it('cuts a report at 300 characters', () => {
    expect(truncateReport('r'.repeat(350))).toHaveLength(300);
  });
});

describe('links followed from the configuration', () => {
  it('accepts only http(s) URLs', () => {
    expect(isWebUrl('https://a.example')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('not a url')).toBe(false);
  });
});
