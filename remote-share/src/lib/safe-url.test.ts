import { safeMediaUrl } from './safe-url';

describe('safeMediaUrl', () => {
  it('keeps http(s) and same-origin relative urls', () => {
    expect(safeMediaUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeMediaUrl('http://cdn.example.com/a.png')).toBe('http://cdn.example.com/a.png');
    expect(safeMediaUrl('/media/thumb/1.jpg')).toBe('http://localhost/media/thumb/1.jpg');
  });
  it('refuses other schemes and empty values', () => {
    expect(safeMediaUrl('javascript:alert(1)')).toBeNull();
    expect(safeMediaUrl(' JavaScript:alert(1)')).toBeNull();
    expect(safeMediaUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(safeMediaUrl('')).toBeNull();
    expect(safeMediaUrl(undefined)).toBeNull();
  });
});
