import type { HostServices } from 'shared-contracts';

/** The page title: the file name while a preview is open, the product name otherwise. */
export function createPageTitle(
  productName: string,
  doc: Document = document,
): HostServices['page'] {
  doc.title = productName;
  return {
    setTitle(fileName) {
      doc.title = fileName && fileName.trim() ? fileName : productName;
    },
  };
}
