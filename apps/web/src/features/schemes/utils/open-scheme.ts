import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/antd/dialog';
import { Paths } from '@/config/paths';
import { useAppStore } from '@/features/app-state';
import { useBookingCart, type BookingDraft } from '@/features/customer-booking';
import { switchStore } from '@/features/stores';

/**
 * Opens a plan on the booking page, which checks availability again: after asking, when the
 * booking page holds other gear, and at the plan's store. `schemeId`: the plan being opened (the
 * one already on the booking page replaces nothing).
 */
export function useOpenScheme() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showError = useAppStore((s) => s.showError);
  return async (schemeId: string, opened: { storeId: string; draft: BookingDraft }) => {
    const cart = useBookingCart.getState();
    if (cart.lines.length > 0 && cart.schemeId !== schemeId) {
      const confirmed = await Dialog.confirm({
        content: t('schemes.replaceCartConfirm'),
        confirmText: t('schemes.replace'),
        cancelText: t('app.cancel'),
      });
      if (!confirmed) return;
    }
    try {
      switchStore(opened.storeId);
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
      return;
    }
    useBookingCart.getState().replace(opened.draft);
    void navigate(Paths.orderCreate);
  };
}
