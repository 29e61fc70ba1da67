const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/**
 * File size (docs/product.md, "Formats"; docs/decisions/0007-size-format.md): missing or negative
 * is null (the caller shows 'Unknown'), under 1024 bytes 'N B', KB without decimals, MB with 1
 * decimal, GB with 2.
 */
export function formatSize(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < KB) return `${Math.floor(bytes)} B`;
  if (bytes < MB) return `${Math.round(bytes / KB)} KB`;
  if (bytes < GB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / GB).toFixed(2)} GB`;
}
