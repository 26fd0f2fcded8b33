import { lazy, Suspense, type ReactNode } from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';

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

const PromptDialogBody = lazy(() => import('./prompt-dialog-body'));

/**
 * A one-field dialog (a reason, a new barcode): empty input and server refusals show under the
 * field, and the dialog stays open until the work is done. Its code loads when it first opens.
 */
export function PromptDialog(props: PromptDialogProps) {
  const opened = useOpenedOnce(props.visible);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PromptDialogBody {...props} />
    </Suspense>
  );
}
