import { registerSW } from 'virtual:pwa-register';
import { useUpdateStore } from './stores/update-store';

/**
 * Registers the service worker (vite.config.ts): the app opens with no network from the second
 * visit on. A new version installs in the background and waits: switching under someone's hands
 * mid-order would lose what they typed, so the app offers it and the person chooses when.
 */
export function startServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh() {
      useUpdateStore.getState().offer(() => void update(true));
    },
  });
}
