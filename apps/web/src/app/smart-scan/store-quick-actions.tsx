import { lazy, Suspense, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { AddOutline, AppOutline, CloseOutline, ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { findRoute } from '@/app/routes';
import { Paths } from '@/config/paths';
import { checkRouteAccess } from '@/lib/authorization';
import { withAllTexts } from '@/lib/i18n';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { sessionSnapshot, useSession } from '@/features/auth';
import { useKeyboardWedge, currentWedgeTarget, useScannerStore } from '@/features/scanner';
import { useSmartScanStore } from './smart-scan-store';
import { useSmartScan } from './use-smart-scan';
import { useQuickActionSlot } from '@/app/layouts/quick-action-slot';
import { loadEquipmentDialog } from '@/features/inventory';
import { useAppStore } from '@/features/app-state';
import { playSound, SoundKind } from '@/features/audio';

// What a scan opens comes when something is scanned (with every text it may show).
const EquipmentDialog = lazy(
  withAllTexts(() =>
    loadEquipmentDialog().then((m) => ({
      default: m.EquipmentDialog,
    })),
  ),
);

/**
 * The quick-action button of every /store/ page (spec §2): home, create order ('add stock' on the
 * inventory list) and smart scan. It sits in the cell the page's bottom bar keeps for it
 * (layouts/quick-action-slot.ts), so it never covers the page, whatever the page holds and however
 * far it is scrolled; with no such cell (no page shown) there is no button. It also hosts what a
 * scan opens, and listens for keyboard-wedge scanners.
 */
export function StoreQuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const slot = useQuickActionSlot();
  // The menu belongs to the page it was opened on: going to another page (a tab, the browser's
  // back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = slot !== null && openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { handleCode, startScan } = useSmartScan();
  const equipmentId = useSmartScanStore((s) => s.equipmentId);
  const showEquipment = useSmartScanStore((s) => s.showEquipment);
  const scannerOpen = useScannerStore((s) => s.pending !== null);
  const equipmentOnce = useOpenedOnce(equipmentId !== null);

  // A gun scanner typing on the page feeds the panel that asked for scans, else smart scan
  // (not while the scanner dialog is open).
  // A burst it could not read is said, with the sound of a refused scan: none is lost unheard.
  const showError = useAppStore((s) => s.showError);
  useKeyboardWedge(
    (text) => {
      const target = currentWedgeTarget();
      if (target) target(text);
      else void handleCode(text);
    },
    !scannerOpen,
    (partial) => {
      playSound(SoundKind.scanError);
      showError(t('smartScan.unreadable', { code: partial.slice(0, 24) }));
    },
  );

  const snapshot = sessionSnapshot(session);
  const canOpen = (path: string) => {
    const route = findRoute(path);
    return route !== undefined && checkRouteAccess(route, snapshot, path).allow;
  };
  const onInventoryList = pathname === Paths.inventoryList;
  const second = onInventoryList
    ? { label: t('smartScan.addStock'), path: Paths.inventoryCheckin }
    : { label: t('smartScan.createOrder'), path: Paths.storeOrderCreate() };

  const close = () => setOpenOn(null);
  const go = (path: string) => {
    close();
    void navigate(path);
  };

  return (
    <>
      {slot &&
        createPortal(
          <>
            <button
              ref={toggleRef}
              type="button"
              className="quick-actions__toggle"
              aria-expanded={open}
              aria-controls="quick-actions-menu"
              aria-label={t('smartScan.quickActions')}
              onClick={() => setOpenOn(open ? null : pathname)}
            >
              {open ? <CloseOutline /> : <ScanningOutline />}
            </button>
            {open && (
              <nav
                id="quick-actions-menu"
                className="quick-actions__menu"
                aria-label={t('smartScan.quickActions')}
                onKeyDown={(event) => {
                  if (event.key !== 'Escape') return;
                  close();
                  toggleRef.current?.focus();
                }}
              >
                <button type="button" onClick={() => go(Paths.storeDashboard)}>
                  <AppOutline /> {t('smartScan.home')}
                </button>
                {canOpen(second.path) && (
                  <button type="button" onClick={() => go(second.path)}>
                    <AddOutline /> {second.label}
                  </button>
                )}
                <button
                  type="button"
                  className="quick-actions__scan"
                  autoFocus
                  onClick={() => {
                    close();
                    void startScan();
                  }}
                >
                  <ScanningOutline /> {t('smartScan.scan')}
                </button>
              </nav>
            )}
          </>,
          slot,
        )}
      {/* A dim layer over the page (under its bottom bar, where the button and its menu are); a
          tap on it closes the menu. */}
      <div
        className={`quick-actions__mask${open ? ' quick-actions__mask--open' : ''}`}
        aria-hidden="true"
        onClick={close}
      />
      {equipmentOnce && (
        <Suspense fallback={null}>
          <EquipmentDialog equipmentId={equipmentId} onClose={() => showEquipment(null)} />
        </Suspense>
      )}
    </>
  );
}
