import { useEffect } from 'react';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS, useAppStore } from '../stores/app-store';

/**
 * Shows the app's error (3 s) and success (2 s) messages as a toast (the store keeps only the
 * newest one visible). Its own few lines rather than antd-mobile's Toast, so the shell every page starts with
 * carries no animation library, and an error shows before any page's code has arrived.
 */
export function GlobalMessages() {
  const error = useAppStore((s) => s.error);
  const success = useAppStore((s) => s.success);
  const hideError = useAppStore((s) => s.hideError);
  const hideSuccess = useAppStore((s) => s.hideSuccess);

  useEffect(() => {
    if (!error.visible) return;
    const timer = window.setTimeout(hideError, ERROR_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [error, hideError]);

  useEffect(() => {
    if (!success.visible) return;
    const timer = window.setTimeout(hideSuccess, SUCCESS_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [success, hideSuccess]);

  const fail = error.visible;
  const shown = fail ? error : success.visible ? success : null;
  return (
    <div className="app-toast-layer" aria-live={fail ? 'assertive' : 'polite'}>
      {shown && (
        <div
          key={shown.seq}
          className={`app-toast app-toast--${fail ? 'fail' : 'success'}`}
          role={fail ? 'alert' : 'status'}
        >
          <svg className="app-toast__icon" viewBox="0 0 24 24" aria-hidden="true">
            {fail ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4.5 12.5l5 5 10-11" />}
          </svg>
          <span className="app-toast__text">{shown.text}</span>
        </div>
      )}
    </div>
  );
}
