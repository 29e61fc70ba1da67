/** @jest-environment node */
import { decodeTextPreview, readFirstBytes, TEXT_PREVIEW_BYTES } from './text-preview';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("a text file's preview", () => {
  it('shows a short file whole', () => {
    expect(decodeTextPreview(utf8('héllo\nworld'), 12)).toEqual({
      kind: 'text',
      text: 'héllo\nworld',
      truncated: false,
    });
  });

  it('shows the first megabyte of a longer one, without a broken last character', () => {
    // 'é' is two bytes: the limit falls between them.
    const bytes = utf8(`${'a'.repeat(TEXT_PREVIEW_BYTES - 1)}é and more`);
    const preview = decodeTextPreview(bytes, bytes.length);
    expect(preview).toEqual({
      kind: 'text',
      text: 'a'.repeat(TEXT_PREVIEW_BYTES - 1),
      truncated: true,
    });
  });

  it('says it is cut when the file is longer than what was read', () => {
    expect(decodeTextPreview(utf8('start'), 5_000_000)).toMatchObject({ truncated: true });
  });

  it('reads a UTF-16 file by its byte order mark', () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]);
    expect(decodeTextPreview(bytes, 6)).toMatchObject({ kind: 'text', text: 'hi' });
  });

  it('refuses a binary file named like a text file', () => {
    expect(decodeTextPreview(new Uint8Array([0x50, 0x4b, 0x00, 0x03]), 4)).toEqual({
      kind: 'binary',
    });
  });

  it('stops reading an answer once it has what it shows', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(400));
      },
    });
    const bytes = await readFirstBytes(new Response(body), 1000);
    expect(bytes.length).toBe(1001);
    expect(pulled).toBeLessThan(5);
  });
});
