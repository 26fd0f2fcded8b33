import { lazy } from 'react';
import type { DialogConfirmProps } from 'antd-mobile';

/**
 * antd-mobile's popups, loaded the first time one opens: each brings its animation and gesture
 * libraries (some 25 KB), which a page's first load does without. Render them under a Suspense
 * boundary, once opened (lib/use-opened-once.ts).
 */
export const LazyPopup = lazy(() => import('./antd/popup'));
export const LazyCalendarPicker = lazy(() => import('./antd/calendar-picker'));
export const LazyActionSheet = lazy(() => import('./antd/action-sheet'));

/** antd-mobile's confirm dialog, its code fetched when first asked. */
export async function confirmDialog(options: DialogConfirmProps): Promise<boolean> {
  const { default: Dialog } = await import('./antd/dialog');
  return Dialog.confirm(options);
}
