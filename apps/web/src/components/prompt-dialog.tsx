import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { PromptDialogProps } from './prompt-dialog-body';

export type { PromptDialogProps };

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
