import { useEffect, useRef } from 'react';

/**
 * antd-mobile's Input and TextArea put `aria-*` props on their wrapper, so a screen reader never
 * hears that the box itself is wrong or what its message says. This puts `aria-invalid` and
 * `aria-describedby` on the native box; pass the returned ref to the component.
 */
export function useFieldAria<T extends { nativeElement: HTMLElement | null }>(
  invalid: boolean,
  describedBy: string | undefined,
) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const box = ref.current?.nativeElement;
    if (!box) return;
    box.setAttribute('aria-invalid', String(invalid));
    if (describedBy) box.setAttribute('aria-describedby', describedBy);
    else box.removeAttribute('aria-describedby');
  }, [invalid, describedBy]);
  return ref;
}
