import { useEffect } from 'react';
import type { SharedItem } from 'shared-contracts';
import { formatFileSize } from '../../../lib/format';
import { useHost, useTexts } from '../../../lib/host-context';
import { usePreviewReport } from '../hooks/use-preview-report';
import { useTextFile } from '../hooks/use-text-file';
import { TEXT_PREVIEW_BYTES } from '../state/text-preview';
import './document-viewers.css';

/* The field data's reasons, in English. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- field data, in English
const TEXT_FAILURE = 'text error';
// eslint-disable-next-line lingui/no-unlocalized-strings -- field data, in English
const BINARY_FAILURE = 'binary file';

/**
 * A text or code file as text: its first megabyte in a monospace font, lines kept as written
 * (a long one wraps), never run or rendered as markup. The text scrolls in a focusable
 * region named for the file, so the keyboard can scroll it; each line takes its own direction.
 * A file longer than the limit says that only its start is shown.
 */
export function TextViewer({ item }: { item: SharedItem }) {
  const host = useHost();
  const t = useTexts();
  const state = useTextFile(item);
  const report = usePreviewReport(item, TEXT_FAILURE);

  useEffect(() => {
    if (state === null) return;
    if (state === 'error') report(false);
    else if (state.kind === 'binary') report(false, BINARY_FAILURE);
    else report(true);
  }, [state, report]);

  if (state === null) {
    return (
      <p className="ns-preview-doc__message" role="status">
        {t('loading')}
      </p>
    );
  }
  if (state === 'error' || state.kind === 'binary') {
    return (
      <p className="ns-preview-doc__message" role="alert">
        {state === 'error' ? t('fileError') : t('notText')}
      </p>
    );
  }
  return (
    <div className="ns-preview-text">
      {state.truncated ? (
        <p className="ns-preview-text__cut">
          {t('textCut', { size: formatFileSize(TEXT_PREVIEW_BYTES, host.language, t) })}
        </p>
      ) : null}
      <pre
        className="ns-preview-text__body"
        // Scrolled by the keyboard once focused (WCAG 2.1.1); named for the file it shows.
        tabIndex={0}
        role="region"
        aria-label={t('textOf', { name: item.name })}
        dir="auto"
      >
        {state.text}
      </pre>
    </div>
  );
}
