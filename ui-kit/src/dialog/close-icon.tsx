/**
 * The cross of close buttons (decorative: the button carries the name). A file of its own: a
 * screen that draws one (the extract-code prompt's clear button) does not bring the dialog's code
 * and CSS into the page's start-up.
 */
export function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 6l12 12M18 6L6 18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
