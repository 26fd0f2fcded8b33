import type { ComponentProps, ComponentType } from 'react';
import { useCloseOnBack } from '@/lib/close-on-back';

// Any component: some of antd-mobile's have overloaded props (a calendar for one day or a range).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Sheet = ComponentType<any>;

/**
 * An antd-mobile sheet or dialog that the phone's Back closes first (lib/close-on-back.ts), by
 * calling what its own close does (`closeOf`: by default its `onClose`). Props pass through as
 * they are, so the wrapper has the component's own type.
 */
export function closingOnBack<S extends Sheet>(
  Component: S,
  closeOf: (props: ComponentProps<S>) => (() => void) | undefined = (props) =>
    (props as { onClose?: () => void }).onClose,
): S {
  const Inner: Sheet = Component;
  function ClosingOnBack(props: ComponentProps<S>) {
    useCloseOnBack(!!(props as { visible?: boolean }).visible, closeOf(props));
    return <Inner {...props} />;
  }
  ClosingOnBack.displayName = `ClosingOnBack(${Component.displayName ?? Component.name ?? 'Sheet'})`;
  return ClosingOnBack as unknown as S;
}
