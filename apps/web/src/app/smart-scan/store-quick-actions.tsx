import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AddOutline, AppOutline, CloseOutline, ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { findRoute } from '@/config/routes';
import { Paths } from '@/config/paths';
import { checkRouteAccess } from '@/lib/authorization';
import { withAllTexts } from '@/lib/i18n';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { sessionSnapshot, useSession } from '@/features/auth/stores/session-store';
import { useKeyboardWedge } from '@/features/scanner/hooks/use-keyboard-wedge';
import { currentWedgeTarget } from '@/features/scanner/hooks/use-wedge-target';
import { useScannerStore } from '@/features/scanner/stores/scanner-store';
import { useSmartScanStore } from './smart-scan-store';
import { useSmartScan } from './use-smart-scan';
import { useClearSpot } from './use-clear-spot';

// What a scan opens comes when something is scanned (with every text it may show).
const EquipmentDialog = lazy(
  withAllTexts(() =>
    import('@/features/inventory/components/equipment-dialog').then((m) => ({
      default: m.EquipmentDialog,
    })),
  ),
);

/**
 * The quick-action button of every /store/ page (spec §2): home, create order ('add stock' on the
 * inventory list) and smart scan. It also hosts what a scan opens, and listens for
 * keyboard-wedge scanners.
 */
export function StoreQuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const { handleCode, startScan } = useSmartScan();
  const equipmentId = useSmartScanStore((s) => s.equipmentId);
  const showEquipment = useSmartScanStore((s) => s.showEquipment);
  const scannerOpen = useScannerStore((s) => s.pending !== null);
  const equipmentOnce = useOpenedOnce(equipmentId !== null);
  // It never sits on something one may tap: it moves up or to the left, and steps aside while a
  // field is typed in or a popup is open (its menu, once open, stays where it is).
  const restRef = useRef<HTMLSpanElement>(null);
  const spot = useClearSpot(restRef, open);

  // The page leaves room below its last line for the button, so it never covers content (the
  // fees, the footer's filing link) once scrolled to the end.
  useEffect(() => {
    document.body.classList.add('has-quick-actions');
    return () => document.body.classList.remove('has-quick-actions');
  }, []);

  // A gun scanner typing on the page feeds the panel that asked for scans, else smart scan
  // (not while the scanner dialog is open).
  useKeyboardWedge((text) => {
    const target = currentWedgeTarget();
    if (target) target(text);
    else void handleCode(text);
  }, !scannerOpen);

  const snapshot = sessionSnapshot(session);
  const canOpen = (path: string) => {
    const route = findRoute(path);
    return route !== undefined && checkRouteAccess(route, snapshot, path).allow;
  };
  const onInventoryList = pathname === Paths.inventoryList;
  const second = onInventoryList
    ? { label: t('smartScan.addStock'), path: Paths.inventoryCheckin }
    : { label: t('smartScan.createOrder'), path: Paths.storeOrderCreate() };

  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };

  return (
    <>
      <span ref={restRef} className="quick-actions__rest" aria-hidden data-quick-actions />
      <button
        type="button"
        className={`quick-actions__toggle${
          spot === null
            ? ' quick-actions__toggle--aside'
            : spot.side === 'left'
              ? ' quick-actions__toggle--left'
              : ''
        }`}
        style={{ '--quick-actions-lift': `${spot?.lift ?? 0}px` } as CSSProperties}
        aria-hidden={spot === null || undefined}
        tabIndex={spot === null ? -1 : undefined}
        data-quick-actions
        aria-expanded={open}
        aria-controls="quick-actions-menu"
        aria-label={t('smartScan.quickActions')}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? <CloseOutline /> : <ScanningOutline />}
      </button>
      {/* A dim layer under the menu; a tap on it closes the menu. */}
      <div
        className={`quick-actions__mask${open ? ' quick-actions__mask--open' : ''}`}
        aria-hidden="true"
        onClick={() => setOpen(false)}
      />
      {open && (
        <nav
          id="quick-actions-menu"
          data-quick-actions
          className={`quick-actions__menu${spot?.side === 'left' ? ' quick-actions__menu--left' : ''}`}
          style={{ '--quick-actions-lift': `${spot?.lift ?? 0}px` } as CSSProperties}
          aria-label={t('smartScan.quickActions')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
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
              setOpen(false);
              void startScan();
            }}
          >
            <ScanningOutline /> {t('smartScan.scan')}
          </button>
        </nav>
      )}
      {equipmentOnce && (
        <Suspense fallback={null}>
          <EquipmentDialog equipmentId={equipmentId} onClose={() => showEquipment(null)} />
        </Suspense>
      )}
    </>
  );
}
