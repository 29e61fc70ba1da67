import './spinner.css';

export interface SpinnerProps {
  /** What is loading, read out by screen readers (the spinner is a status). */
  label: string;
  className?: string;
}

/**
 * A loading indicator with a name: role="status" around a spinning ring. Its size and colours
 * come from custom properties (--uk-spinner-size, -thickness, -track, -color, -duration,
 * -padding) an app may set on its own class.
 */
export function Spinner({ label, className }: SpinnerProps) {
  return (
    <div
      className={className ? `uk-spinner ${className}` : 'uk-spinner'}
      role="status"
      aria-label={label}
    >
      <SpinnerRing />
    </div>
  );
}

/** The spinning ring alone, decorative (for a status that names itself, e.g. with a heading). */
export function SpinnerRing({ className }: { className?: string }) {
  return (
    <span
      className={className ? `uk-spinner__ring ${className}` : 'uk-spinner__ring'}
      aria-hidden="true"
    />
  );
}
