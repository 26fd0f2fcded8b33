import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permissions, RoleName } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api-errors';
import { useAppStore } from '@/features/app-state';
import { playSound, SoundKind } from '@/features/audio';
import { getEquipmentByBarcode } from '@/features/inventory';
import { getOrderByNumber } from '@/features/orders';
import { scanCode, classifySmartScan } from '@/features/scanner';
import { useSmartScanStore } from './smart-scan-store';

/** Whether the signed-in user checks returns in for orders of `storeId`. */
function mayCheckInFor(storeId: string): boolean {
  const { user, roles, permissions } = useSession.getState();
  const mayProcess =
    permissions.includes(Permissions.BusinessOperations.OrderProcess) ||
    permissions.includes(Permissions.BusinessOperations.OrderUpdate);
  const ownStore = roles.includes(RoleName.SuperAdmin) || user?.primaryStoreId === storeId;
  return mayProcess && ownStore;
}

/**
 * Smart scan (spec §5): an order-create link opens store order create with its order number, an
 * order number opens the order, anything else is looked up as an equipment barcode and opens the
 * equipment info dialog (or, for gear out on an order, that order's return check-in).
 */
export function useSmartScan() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showError = useAppStore((s) => s.showError);
  const { showEquipment, setBusy, record } = useSmartScanStore.getState();

  const notFound = useCallback(
    (text: string) => {
      playSound(SoundKind.error);
      showError(t('smartScan.notFound'));
      record({ text, kind: 'failed', label: t('smartScan.failed') });
    },
    [record, showError, t],
  );

  /** Acts on one scanned or typed code. */
  const handleCode = useCallback(
    async (text: string) => {
      const target = classifySmartScan(text);
      switch (target.kind) {
        case 'empty':
          return;
        case 'orderCreateWithoutNumber':
          playSound(SoundKind.error);
          showError(t('smartScan.noOrderNumber'));
          record({ text, kind: 'failed', label: t('smartScan.noOrderNumber') });
          return;
        case 'orderCreate':
          record({ text, kind: 'orderCreate', label: target.orderNumber });
          await navigate(Paths.storeOrderCreate(target.orderNumber));
          return;
        case 'order':
        case 'equipment':
          break;
      }
      setBusy(true);
      try {
        if (target.kind === 'order') {
          const order = await getOrderByNumber(target.orderNumber);
          playSound(SoundKind.success);
          record({ text, kind: 'order', label: order.orderNumber });
          await navigate(Paths.storeOrderDetail(order.id));
        } else {
          const equipment = await getEquipmentByBarcode(target.barcode);
          playSound(SoundKind.success);
          record({
            text,
            kind: 'equipment',
            label: `${equipment.nameShown} · ${equipment.barcodeNumber}`,
            equipmentId: equipment.id,
          });
          // One scan returns gear: an item out on an order this user handles opens that
          // order's return check-in with the item ticked; anything else opens its dialog.
          const out = equipment.outOnOrder;
          if (out?.orderId && mayCheckInFor(out.storeId)) {
            await navigate(
              `${Paths.storeOrderDetail(out.orderId)}?return=${encodeURIComponent(equipment.id)}`,
            );
          } else {
            showEquipment(equipment.id);
          }
        }
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          notFound(text);
        } else {
          playSound(SoundKind.error);
          showError(error instanceof Error ? error.message : t('smartScan.notFound'));
        }
      } finally {
        setBusy(false);
      }
    },
    [navigate, notFound, record, setBusy, showEquipment, showError, t],
  );

  /** Opens the scanner, then acts on what it read. */
  const startScan = useCallback(async () => {
    const result = await scanCode({ title: t('smartScan.title'), tip: t('smartScan.tip') });
    if (result) await handleCode(result.text);
  }, [handleCode, t]);

  return { handleCode, startScan };
}
