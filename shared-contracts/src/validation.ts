import { EXTRACT_CODE_LENGTH, FOLDER_NAME_MAX, REPORT_MAX } from './constants';

/**
 * The messages of docs/product.md, "Validation rules", shared by the server's answers and the UI.
 */
export const FOLDER_NAME_EMPTY_MESSAGE = 'The folder name cannot be empty.';
export const FOLDER_NAME_CHARS_MESSAGE = 'The name cannot contain: \\, /, :, ?, ", <, >, |';
export const FOLDER_NAME_TOO_LONG_MESSAGE = `The folder name cannot be longer than ${FOLDER_NAME_MAX} characters.`;
export const FOLDER_NAME_FORBIDDEN = /[\\/:?"<>|]/;

export type ValidationResult = { ok: true; value: string } | { ok: false; message: string };

/** Trims a folder name and checks the rules of docs/product.md, "Validation rules". */
export function validateFolderName(raw: string): ValidationResult {
  const value = raw.trim();
  if (value === '') return { ok: false, message: FOLDER_NAME_EMPTY_MESSAGE };
  if (value.length > FOLDER_NAME_MAX) return { ok: false, message: FOLDER_NAME_TOO_LONG_MESSAGE };
  if (FOLDER_NAME_FORBIDDEN.test(value)) return { ok: false, message: FOLDER_NAME_CHARS_MESSAGE };
  return { ok: true, value };
}

/** The extract-code input keeps at most four characters. */
export function truncateExtractCode(raw: string): string {
  return Array.from(raw).slice(0, EXTRACT_CODE_LENGTH).join('');
}

/** Report text is cut at 300 characters as typed, and trimmed when sent. */
export function truncateReport(raw: string): string {
  return Array.from(raw).slice(0, REPORT_MAX).join('');
}

/**
 * A link from the configuration (a store's, an agreement's) is followed, or drawn as a QR code,
 * only when it is an absolute http(s) URL: never `javascript:` or another scheme.
 */
export function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
