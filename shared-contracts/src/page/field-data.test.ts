import { FIELD_MESSAGE_MAX, scrubErrorMessage } from './field-data';

describe("an error's message in a beacon", () => {
  it('keeps the words and drops what could name a share, a person or an address', () => {
    expect(
      scrubErrorMessage(
        "Cannot read 'name' of undefined at https://share.example.com/s/abc?pwd=ab12 (id 123456)",
      ),
    ).toBe('Cannot read <text> of undefined at <url> (id <n>)');
    expect(scrubErrorMessage('Failed to fetch /api/share/detail\u0000\n\tnow')).toBe(
      'Failed to fetch <path> now',
    );
  });

  it('is cut to its length', () => {
    expect(scrubErrorMessage('x'.repeat(500))).toHaveLength(FIELD_MESSAGE_MAX);
  });
});
