import { Toast } from 'antd-mobile';

/**
 * The 'Checking…' toast of a proof of work being solved (bootstrap.ts), a module of its own: the
 * toast brings its mask and the popups' animation library, which the shell loads only when a
 * solve runs long enough to show it, instead of on every first visit.
 */
export function showChecking(content: string): () => void {
  const handler = Toast.show({ icon: 'loading', content, duration: 0, maskClickable: true });
  return () => handler.close();
}
