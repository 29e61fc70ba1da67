/** Small inline icons (decorative: controls carry their own names). */
const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
} as const;

/**
 * An icon that points along the line of text (back, forward): drawn for left to right, mirrored
 * in a right-to-left page (base.css).
 */
const POINTING = 'ns-icon--pointing';

/** Back: points to the line's start (left, or right in a right-to-left page). */
export function BackIcon() {
  return (
    <svg {...base} className={POINTING}>
      <path
        d="M15 5l-7 7 7 7"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Forward, into, next: points to the line's end (right, or left in a right-to-left page). */
export function ChevronForwardIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size} className={POINTING}>
      <path
        d="M9 5l7 7-7 7"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...base} width={14} height={14}>
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        stroke="currentColor"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function FlagIcon() {
  return (
    <svg {...base} width={16} height={16}>
      <path
        d="M5 21V4m0 0h11l-2 4 2 4H5"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function CloudIcon() {
  return (
    <svg {...base} width={18} height={18}>
      <path
        d="M7 18h10a4 4 0 0 0 .7-7.94A6 6 0 0 0 6.1 9.1 4.5 4.5 0 0 0 7 18z"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** An 'i' in a circle: an item's details. */
export function InfoIcon() {
  return (
    <svg {...base} width={20} height={20}>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 11v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="7.5" r="1.2" fill="currentColor" />
    </svg>
  );
}

export function PlusIcon() {
  return (
    <svg {...base} width={18} height={18}>
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function MinusIcon() {
  return (
    <svg {...base} width={18} height={18}>
      <path d="M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A folder icon, tinted by folder type (1 cloud files, 2 upload, 3 from share, other normal). */
export function FolderIcon({ type = 0, size = 36 }: { type?: number; size?: number }) {
  const colors: Record<number, [string, string]> = {
    1: ['#60a5fa', '#2563eb'],
    2: ['#34d399', '#059669'],
    3: ['#fbbf24', '#d97706'],
  };
  const [light, dark] = colors[type] ?? ['#fcd34d', '#f59e0b'];
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path
        d="M4 10a3 3 0 0 1 3-3h9l3 3h14a3 3 0 0 1 3 3v17a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3z"
        fill={dark}
      />
      <path
        d="M4 15a3 3 0 0 1 3-3h26a3 3 0 0 1 3 3v15a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3z"
        fill={light}
      />
      {type === 1 ? (
        <path d="M14 25h12a3 3 0 0 0 0-6 5 5 0 0 0-9.6-1A3.5 3.5 0 0 0 14 25z" fill="#fff" />
      ) : null}
      {type === 2 ? (
        <path
          d="M20 17v10M15.5 21.5L20 17l4.5 4.5"
          stroke="#fff"
          strokeWidth="2.4"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : null}
      {type === 3 ? (
        <path
          d="M16 22a4 4 0 1 0 8 0 4 4 0 1 0-8 0M20 18v-2"
          stroke="#fff"
          strokeWidth="2.2"
          fill="none"
          strokeLinecap="round"
        />
      ) : null}
    </svg>
  );
}

/** A file-type icon for rows without a thumbnail. */
export function FileIcon({ mediaType, size = 36 }: { mediaType: number; size?: number }) {
  const color =
    mediaType === 1
      ? '#22c55e'
      : mediaType === 2
        ? '#ef4444'
        : mediaType === 3
          ? '#a855f7'
          : '#64748b';
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path
        d="M9 4h15l8 8v22a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"
        fill={color}
        opacity="0.18"
      />
      <path d="M24 4v6a2 2 0 0 0 2 2h6" fill={color} opacity="0.45" />
      {mediaType === 2 ? <path d="M17 18v10l8-5z" fill={color} /> : null}
      {mediaType === 3 ? (
        <path d="M22 17v9.5a2.5 2.5 0 1 1-2-2.45V17h5v2.5h-3" fill={color} />
      ) : null}
      {mediaType === 1 ? <path d="M12 29l5-6 4 4 3-3 4 5z" fill={color} /> : null}
      {mediaType !== 1 && mediaType !== 2 && mediaType !== 3 ? (
        <path d="M13 20h14M13 24h14M13 28h9" stroke={color} strokeWidth="2" strokeLinecap="round" />
      ) : null}
    </svg>
  );
}
