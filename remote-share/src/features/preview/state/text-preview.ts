/** How much of a text file the preview reads and shows: its first megabyte. */
export const TEXT_PREVIEW_BYTES = 1024 * 1024;

/** How long the preview waits for a text file before it says it could not be loaded. */
export const TEXT_PREVIEW_TIMEOUT_MS = 20_000;

/** A text file as the preview shows it. */
export type TextPreview =
  | { kind: 'text'; text: string; truncated: boolean }
  /** NUL bytes: a binary file with a text file's name. */
  | { kind: 'binary' };

/** The encodings a byte order mark names; anything else is read as UTF-8. */
function encodingOf(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/**
 * The first `TEXT_PREVIEW_BYTES` of a file as text. A character cut by the limit is left out
 * (decoded as a stream, the decoder keeps its first bytes back), not shown as '�'. A UTF-8 file
 * with a NUL byte is binary: shown as text it would be noise.
 */
export function decodeTextPreview(bytes: Uint8Array, fileSize: number): TextPreview {
  const head = bytes.subarray(0, TEXT_PREVIEW_BYTES);
  const truncated = bytes.length > TEXT_PREVIEW_BYTES || fileSize > TEXT_PREVIEW_BYTES;
  const encoding = encodingOf(head);
  if (encoding === 'utf-8' && head.includes(0)) return { kind: 'binary' };
  const decoder = new TextDecoder(encoding);
  const text = decoder.decode(head, { stream: truncated });
  return { kind: 'text', text, truncated };
}

/**
 * Reads at most `limit` bytes of an answer's body and stops the download there: a server that
 * ignores the Range header still sends no more than the preview needs.
 */
export async function readFirstBytes(response: Response, limit: number): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(await response.arrayBuffer()).subarray(0, limit + 1);
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length <= limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  if (length > limit) await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes.subarray(0, limit + 1);
}
