import { useTexts } from '../../../lib/host-context';
import type { ViewMode } from './view-mode';
import './view-switch.css';

const iconProps = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
} as const;

function ListViewIcon() {
  return (
    <svg {...iconProps}>
      <path
        d="M4 6h16M4 12h16M4 18h16"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function GridViewIcon() {
  return (
    <svg {...iconProps}>
      <path
        d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The list / grid switch of the list's toolbar: a group of two toggle buttons, the pressed one
 * the view that shows.
 */
export function ViewSwitch({ mode, onChange }: { mode: ViewMode; onChange(mode: ViewMode): void }) {
  const t = useTexts();
  const choices = [
    { mode: 'list', label: t('viewList'), icon: <ListViewIcon /> },
    { mode: 'grid', label: t('viewGrid'), icon: <GridViewIcon /> },
  ] as const;
  return (
    <div className="ns-view-switch" role="group" aria-label={t('viewAs')}>
      {choices.map((choice) => (
        <button
          key={choice.mode}
          type="button"
          className="ns-view-switch__button"
          aria-pressed={mode === choice.mode}
          aria-label={choice.label}
          title={choice.label}
          onClick={() => onChange(choice.mode)}
        >
          {choice.icon}
        </button>
      ))}
    </div>
  );
}
