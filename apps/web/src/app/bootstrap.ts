import { setApiHooks } from '@/lib/api-client';
import { useAppStore } from '@/features/app-state/stores/app-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { initCurrentStore } from '@/features/stores/stores/current-store';

/**
 * Start-up after the app is mounted (spec §1): load the system configuration, initialise the
 * store data, restore the saved login (nothing to restore until sign-in exists).
 */
export async function bootstrap(): Promise<void> {
  const app = useAppStore.getState();
  setApiHooks({
    onError: (error) => useAppStore.getState().showError(error.message),
    onUnauthorized: (loginPath) => {
      if (window.location.pathname !== loginPath) window.location.assign(loginPath);
    },
  });
  app.setLoading('loading');
  const config = await useConfigStore.getState().load();
  initCurrentStore(config);
  app.setLoading(
    config ? 'success' : 'error',
    config ? '' : (useConfigStore.getState().error ?? ''),
  );
}
