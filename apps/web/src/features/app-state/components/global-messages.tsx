import { useEffect } from 'react';
import { Toast } from 'antd-mobile';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS, useAppStore } from '../stores/app-store';

/** Shows the app's error (3 s) and success (2 s) messages as toasts. */
export function GlobalMessages() {
  const error = useAppStore((s) => s.error);
  const success = useAppStore((s) => s.success);
  const hideError = useAppStore((s) => s.hideError);
  const hideSuccess = useAppStore((s) => s.hideSuccess);

  useEffect(() => {
    if (!error.visible) return;
    Toast.show({
      icon: 'fail',
      content: error.text,
      duration: ERROR_TOAST_MS,
      afterClose: hideError,
    });
  }, [error, hideError]);

  useEffect(() => {
    if (!success.visible) return;
    Toast.show({
      icon: 'success',
      content: success.text,
      duration: SUCCESS_TOAST_MS,
      afterClose: hideSuccess,
    });
  }, [success, hideSuccess]);

  return null;
}
