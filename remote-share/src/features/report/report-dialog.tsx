import { useEffect, useId, useState } from 'react';
import { REPORT_MAX, truncateReport } from 'shared-contracts';
import { Modal } from '../../components/ui/modal';
import { useHost, useTexts } from '../../lib/host-context';
import './report-dialog.css';

/** 'Reason for reporting': a text of at most 300 characters posted to /share/report. */
export function ReportDialog({
  open,
  shareCode,
  onClose,
}: {
  open: boolean;
  shareCode: string;
  onClose(): void;
}) {
  const host = useHost();
  const t = useTexts();
  const textId = useId();
  const counterId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  // Cleared each time it opens.
  useEffect(() => {
    if (open) setText('');
  }, [open]);

  const content = text.trim();
  const submit = async () => {
    if (content === '' || busy) return;
    setBusy(true);
    try {
      const response = await host.api.call('/share/report', { share_code: shareCode, content });
      if (response.code === 0) {
        host.toast.show(t('submissionSuccessful'));
        onClose();
      }
    } catch {
      // The API client has shown the transport error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      variant="sheet"
      title={t('reportTitle')}
      closeLabel={t('close')}
      footer={
        <button
          type="button"
          className="ns-button ns-button--primary"
          disabled={content === '' || busy}
          onClick={submit}
        >
          {t('submit')}
        </button>
      }
    >
      <label htmlFor={textId} className="uk-visually-hidden">
        {t('reportTitle')}
      </label>
      <textarea
        id={textId}
        className="ns-report__text"
        data-autofocus
        rows={6}
        placeholder={t('reportPlaceholder')}
        value={text}
        aria-describedby={counterId}
        onChange={(event) => setText(truncateReport(event.target.value))}
      />
      <p className="ns-report__counter" id={counterId}>
        {Array.from(text).length}/{REPORT_MAX}
      </p>
    </Modal>
  );
}
