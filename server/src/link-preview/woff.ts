import { promisify } from 'node:util';
import { inflate } from 'node:zlib';

/** Off the event loop: an emoji font's SVG table is megabytes. */
const inflateAsync = promisify(inflate);

/**
 * The tables of a WOFF 1.0 font (what @fontsource ships besides WOFF2), by tag: WOFF is an
 * OpenType font whose tables are each compressed with zlib. https://www.w3.org/TR/WOFF/
 */
export async function woffTables(woff: Uint8Array): Promise<Map<string, Buffer>> {
  const bytes = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (bytes.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const entries = Array.from({ length: bytes.readUInt16BE(12) }, async (_, index) => {
    const entry = 44 + index * 20;
    const offset = bytes.readUInt32BE(entry + 4);
    const compressedLength = bytes.readUInt32BE(entry + 8);
    const stored = bytes.subarray(offset, offset + compressedLength);
    // A table that would not shrink is stored as it is.
    const data =
      compressedLength < bytes.readUInt32BE(entry + 12) ? await inflateAsync(stored) : stored;
    return [bytes.toString('latin1', entry, entry + 4), data] as const;
  });
  return new Map(await Promise.all(entries));
}

/**
 * An OpenType font file made of tables, for HarfBuzz, which reads no WOFF. The tables' checksums
 * are left 0: HarfBuzz does not check them.
 */
export function sfntOf(tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  // The offset table's binary-search hints, as the OpenType spec defines them.
  const power = 2 ** Math.floor(Math.log2(tags.length));
  const header = Buffer.alloc(12 + 16 * tags.length);
  // TrueType outlines' version tag: HarfBuzz reads characters and layout, no outlines.
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(tags.length, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tags.length * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tags.forEach((tag, index) => {
    const data = tables.get(tag) ?? Buffer.alloc(0);
    const record = 12 + index * 16;
    header.write(tag, record, 'latin1');
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(data.length, record + 12);
    // Each table starts on a 4-byte boundary.
    const padding = (4 - (data.length % 4)) % 4;
    parts.push(data, Buffer.alloc(padding));
    offset += data.length + padding;
  });
  return Buffer.concat(parts);
}
