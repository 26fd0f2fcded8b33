import type { ReactNode } from 'react';
import { Popup } from '@/components/antd/popup';

/**
 * A bottom sheet for one piece of counter work (hand over, check in, extend, pick gear): a
 * titled dialog for screen readers, the work itself, and `PanelActions` at the foot.
 */
export function ActionPanel({
  visible,
  title,
  onClose,
  children,
}: {
  visible: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Popup
      showCloseButton
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="order-panel"
      destroyOnClose
    >
      {/* antd-mobile's Popup takes no role: the dialog is the section inside it. */}
      <section role="dialog" aria-modal="true" aria-label={title}>
        <h2>{title}</h2>
        {children}
      </section>
    </Popup>
  );
}

/** The panel's last refusal, read out, above its two large buttons (gloved thumbs). */
export function PanelActions({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <>
      {error && (
        <p className="order-panel__error" role="alert">
          {error}
        </p>
      )}
      <div className="order-panel__actions">{children}</div>
    </>
  );
}
