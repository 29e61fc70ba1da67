import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FOLDER_NAME_MAX, validateFolderName, type CloudFolder } from 'shared-contracts';
import { Modal } from '../../../components/ui/modal';
import { createFolder } from '../cloud-folders';
import { folderNameProblemIn } from '../folder-name-problem';
import { useHost, useTexts } from '../../../lib/host-context';
import './create-folder-sheet.css';

/** Mobile 'Create folder' sheet: default name selected, trimmed, validated inline. */
export function CreateFolderSheet({
  open,
  parentId,
  onClose,
  onCreated,
}: {
  open: boolean;
  parentId: number;
  onClose(): void;
  onCreated(folder: CloudFolder): void;
}) {
  const host = useHost();
  const t = useTexts();
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);
  const defaultName = t('newFolderDefaultName');
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(defaultName);
    setError('');
    // The suggested name is selected, so typing replaces it; not once the user has typed (a
    // slow phone's next frame can come after the first keys, which the selection would eat).
    const frame = window.requestAnimationFrame(() => {
      const input = inputRef.current;
      if (input?.value === defaultName) input.select();
    });
    return () => window.cancelAnimationFrame(frame);
  }, [open, defaultName]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busyRef.current) return;
    const result = validateFolderName(name);
    if (!result.ok) {
      if (name.trim() === '') setName('');
      setError(folderNameProblemIn(result.message, t));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError('');
    try {
      const created = await createFolder(host, result.value, parentId);
      if (created.ok) {
        host.toast.show(t('createdSuccessfully'));
        onCreated(created.folder);
        onClose();
      } else if (created.message) {
        setError(created.message);
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      variant="sheet"
      title={t('createFolder')}
      closeLabel={t('close')}
      footer={
        <button
          type="button"
          className="ns-button ns-button--primary"
          disabled={busy}
          onClick={() => void submit()}
        >
          {t('confirm')}
        </button>
      }
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="uk-visually-hidden">
          {t('folderNameLabel')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          data-autofocus
          className="uk-text-field"
          type="text"
          // A name reads in its own direction, whatever the page's.
          dir="auto"
          autoComplete="off"
          maxLength={FOLDER_NAME_MAX}
          placeholder={t('folderNamePlaceholder')}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError('');
          }}
        />
        {error ? (
          <p className="ns-create-folder__error" id={errorId} role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
