import { useId, useState, type ReactNode } from 'react';
import { Button, TextArea } from 'antd-mobile';
import { CenterPopup } from '@/components/antd/center-popup';

/** The dialog's props (kept here, beside the code that reads them; prompt-dialog.tsx loads it lazily). */
export interface PromptDialogProps {
  visible: boolean;
  title: ReactNode;
  message?: ReactNode;
  placeholder: string;
  /** What the field holds when it opens (a suggested name). */
  initialValue?: string;
  /** Shown under the field when it is left empty; without it the field is optional. */
  emptyError?: string;
  /** The message for a typed value the server would refuse, or null (e.g. `textError`). */
  validate?: (text: string) => string | null;
  maxLength?: number;
  confirmText: string;
  cancelText: string;
  danger?: boolean;
  /** Resolves when done (the dialog closes); rejects with the message to show under the field. */
  onSubmit: (value: string) => Promise<void>;
  onClose: () => void;
}

/**
 * A one-field dialog (a reason, a new barcode): empty input and server refusals show under the
 * field, and the dialog stays open until the work is done.
 */
export default function PromptDialogBody(props: PromptDialogProps) {
  const { visible, onClose } = props;
  return (
    <CenterPopup
      visible={visible}
      onMaskClick={onClose}
      destroyOnClose
      // antd-mobile holds a centre popup to 75vw, narrower than the form on a phone: the form
      // would overflow to the right (see .prompt-dialog-popup).
      className="prompt-dialog-popup"
    >
      {visible && <PromptForm {...props} />}
    </CenterPopup>
  );
}

function PromptForm({
  title,
  message,
  placeholder,
  initialValue = '',
  emptyError,
  validate,
  maxLength = 200,
  confirmText,
  cancelText,
  danger,
  onSubmit,
  onClose,
}: PromptDialogProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const errorId = useId();

  const handleSubmit = async () => {
    const text = value.trim();
    const problem = !text && emptyError ? emptyError : (validate?.(text) ?? null);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(text);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="prompt-dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {message && <div className="prompt-dialog__message">{message}</div>}
      <TextArea
        value={value}
        onChange={(v) => {
          setValue(v);
          if (error) setError(null);
        }}
        placeholder={placeholder}
        maxLength={maxLength}
        rows={2}
        autoSize={{ minRows: 2, maxRows: 4 }}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="prompt-dialog__error" role="alert">
          {error}
        </p>
      )}
      <div className="prompt-dialog__actions">
        <Button block onClick={onClose} disabled={busy}>
          {cancelText}
        </Button>
        <Button block type="submit" color={danger ? 'danger' : 'primary'} loading={busy}>
          {confirmText}
        </Button>
      </div>
    </form>
  );
}
