import type { ReactNode } from 'react';
import type { FileKind } from '../../../lib/file-kind';

/** Each kind's colour and the mark drawn on its page (a 40 x 40 box; the page is 7..32 wide). */
const LOOK: Readonly<Record<FileKind, { color: string; mark: ReactNode }>> = {
  image: { color: '#16a34a', mark: <path d="M12 29l5-6 4 4 3-3 4 5z" /> },
  video: { color: '#ef4444', mark: <path d="M17 18v10l8-5z" /> },
  audio: { color: '#a855f7', mark: <path d="M22 17v9.5a2.5 2.5 0 1 1-2-2.45V17h5v2.5h-3" /> },
  // A folded sheet with Acrobat's loop, in the red people know PDFs by.
  pdf: {
    color: '#e11d48',
    mark: (
      <path
        d="M13 29c3-1 6-7 7-12 1-3-2-3-2 0 0 4 4 8 9 9 2 0 2-2 0-2-4 0-11 2-14 5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    ),
  },
  // A zip: the teeth down the middle and its pull.
  archive: {
    color: '#d97706',
    mark: (
      <>
        <path d="M18 6h3v2h-3zM21 8h3v2h-3zM18 10h3v2h-3zM21 12h3v2h-3zM18 14h3v2h-3zM21 16h3v2h-3z" />
        <rect
          x="17.5"
          y="19"
          width="7"
          height="9"
          rx="1.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
        <path d="M19.5 24h3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </>
    ),
  },
  // A page of justified text under a heading.
  document: {
    color: '#2563eb',
    mark: (
      <path
        d="M12 17h9M12 21h16M12 25h16M12 29h12"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    ),
  },
  // A grid of cells.
  spreadsheet: {
    color: '#15803d',
    mark: (
      <path
        d="M12 17h16v13H12zM12 21.5h16M12 26h16M18 17v13"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    ),
  },
  // Plain lines of text, ragged.
  text: {
    color: '#475569',
    mark: (
      <path
        d="M12 18h11M12 22h15M12 26h8M12 30h12"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    ),
  },
  // A box: something to install.
  package: {
    color: '#7c3aed',
    mark: (
      <path
        d="M20 15l8 4v9l-8 4-8-4v-9zM12 19l8 4 8-4M20 23v9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    ),
  },
  file: {
    color: '#64748b',
    mark: null,
  },
};

/**
 * The icon of a file by its kind: a tinted page with the kind's mark. Decorative (the row is
 * named by the file's name and described by its kind); `data-file-kind` says which it drew.
 */
export function FileTypeIcon({ kind, size = 36 }: { kind: FileKind; size?: number }) {
  const { color, mark } = LOOK[kind];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      data-file-kind={kind}
      color={color}
    >
      <path
        d="M9 4h15l8 8v22a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"
        fill="currentColor"
        opacity="0.16"
      />
      <path d="M24 4v6a2 2 0 0 0 2 2h6" fill="currentColor" opacity="0.45" />
      <g fill="currentColor">{mark}</g>
    </svg>
  );
}
