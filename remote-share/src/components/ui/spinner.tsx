import './spinner.css';

export function Spinner({ label }: { label: string }) {
  return (
    <div className="ns-spinner" role="status" aria-label={label}>
      <span className="ns-spinner__ring" aria-hidden="true" />
    </div>
  );
}
