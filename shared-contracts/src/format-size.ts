import type { SiteLanguage } from './languages';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** A file size in the unit it shows in, and how many decimals it shows with. */
export interface FileSize {
  value: number;
  unit: 'B' | 'KB' | 'MB' | 'GB';
  fractionDigits: 0 | 1 | 2;
}

/**
 * The size rule (docs/product.md, "Formats"; docs/decisions/0007-size-format.md): missing or
 * negative is null (the caller shows 'Unknown'), under 1024 bytes whole bytes, KB without
 * decimals, MB with 1 decimal, GB with 2. A page in another language writes it in its own way.
 */
export function fileSizeOf(bytes: number | null | undefined): FileSize | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < KB) return { value: Math.floor(bytes), unit: 'B', fractionDigits: 0 };
  if (bytes < MB) return { value: bytes / KB, unit: 'KB', fractionDigits: 0 };
  if (bytes < GB) return { value: bytes / MB, unit: 'MB', fractionDigits: 1 };
  return { value: bytes / GB, unit: 'GB', fractionDigits: 2 };
}

/** A file size in English, as `fileSizeOf` rounds it: '512 B', '2 KB', '1.6 MB', '2.35 GB'. */
export function formatSize(bytes: number | null | undefined): string | null {
  const size = fileSizeOf(bytes);
  return size && `${size.value.toFixed(size.fractionDigits)} ${size.unit}`;
}

/** An app's words for each unit of a size, from its catalog: `MB: (size) => t('sizeMegabytes', { size })`. */
export type SizeWords = Record<FileSize['unit'], (size: string) => string>;

/**
 * A size in a language, as the share's page and its link preview write it (`fileSizeOf`'s rule):
 * its number through `Intl` with Latin digits and no grouping ('1023', German '2,35'), its unit
 * in the app's words. English: '512 B', '1.6 MB'.
 */
export function sizeInLanguage(size: FileSize, language: SiteLanguage, words: SizeWords): string {
  return words[size.unit](numberFormatOf(language, size.fractionDigits).format(size.value));
}

/** Each language's number formats, by decimals: a format is slow to make, and a list has many rows. */
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();

function numberFormatOf(language: SiteLanguage, fractionDigits: number): Intl.NumberFormat {
  const key = `${language} ${fractionDigits}`;
  let format = NUMBER_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: false,
      numberingSystem: 'latn',
    });
    NUMBER_FORMATS.set(key, format);
  }
  return format;
}
