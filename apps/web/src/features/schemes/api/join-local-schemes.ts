import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/features/app-state';
import { useBookingCart } from '@/features/customer-booking';
import { forgetLocalScheme, localSchemes } from '../utils/local-schemes';
import { useSaveScheme } from './save-scheme';

/**
 * Once the customer is signed in, the plans saved on this phone join their account: each is
 * saved to it, then forgotten here (the booking page's plan follows it). A plan the server no
 * longer takes (a store closed since) stays on the phone and says so when opened.
 */
export function useJoinLocalSchemes(signedIn: boolean, onDone: () => void) {
  const { t } = useTranslation();
  const save = useSaveScheme();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const started = useRef(false);
  useEffect(() => {
    if (!signedIn || started.current) return;
    const waiting = localSchemes();
    if (waiting.length === 0) return;
    started.current = true;
    void (async () => {
      let joined = 0;
      // Oldest first, so the account lists them in the order they were saved.
      for (const scheme of [...waiting].reverse()) {
        try {
          const saved = await save.mutateAsync({ id: null, name: scheme.name, cart: scheme.cart });
          forgetLocalScheme(scheme.id);
          if (useBookingCart.getState().schemeId === scheme.id) {
            useBookingCart.getState().update({ schemeId: saved.id, schemeName: saved.name });
          }
          joined += 1;
        } catch {
          // Kept on the phone: opened, it says what no longer books.
        }
      }
      if (joined > 0) showSuccess(t('schemes.joined', { count: joined }));
      onDone();
    })();
  }, [signedIn, save, showSuccess, t, onDone]);
}
