import { useRef, useState } from 'react';
import { Button, List } from 'antd-mobile';
import { DeleteOutline, ScanningOutline, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { storeTime } from '@/lib/store-clock';
import { Link } from 'react-router';
import { EquipmentStatus, ORDER_ITEMS_MAX, type Equipment } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ApiError } from '@/lib/api-errors';
import { playSound } from '@/features/audio/utils/audio-player';
import { SoundKind } from '@/features/audio/utils/sounds';
import { getEquipmentByBarcode } from '@/features/inventory/api/get-equipment-by-barcode';
import { useScanner } from '@/features/scanner/hooks/use-scanner';
import { useWedgeTarget } from '@/features/scanner/hooks/use-wedge-target';
import { extractSerialNumber } from '@/features/scanner/utils/scan-rules';
import type { OrderConflict } from '../api/order-create';
import type { OrderCreateLine } from '../utils/order-create-form';
import { EquipmentPicker } from './equipment-picker';
import { money } from '@/lib/money';

const when = (iso: string) => storeTime(iso);

/** Gear in these states cannot be rented at all (the server refuses it too). */
const NOT_RENTABLE: readonly number[] = [
  EquipmentStatus.Damaged,
  EquipmentStatus.Lost,
  EquipmentStatus.InTransfer,
  EquipmentStatus.Scrapped,
];

type Notice = { kind: 'success' | 'warning' | 'error'; text: string };

/**
 * The gear of a new order: added by scanning (camera, or a barcode gun anywhere on the page) or
 * from the equipment search; each line can be removed. A conflict the server reported marks its
 * line and shows the server's message.
 */
export function OrderCreateGear({
  storeId,
  items,
  availableFrom,
  availableTo,
  error,
  conflict,
  onAdd,
  onRemove,
}: {
  storeId: string;
  items: OrderCreateLine[];
  availableFrom: string;
  availableTo: string;
  error?: string;
  conflict: (OrderConflict & { message: string }) | null;
  onAdd: (gear: Equipment) => void;
  onRemove: (equipmentId: string) => void;
}) {
  const { t } = useTranslation();
  const { scan, scanning } = useScanner();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Codes being looked up: a double read of the gun adds the item once.
  const pending = useRef(new Set<string>());

  const tell = (kind: Notice['kind'], sound: SoundKind, text: string) => {
    playSound(sound);
    setNotice({ kind, text });
  };

  /** The checks every added item passes, however it was found. */
  const accept = (gear: Equipment) => {
    const barcode = gear.barcodeNumber;
    if (items.some((i) => i.equipmentId === gear.id)) {
      tell('warning', SoundKind.warning, t('orderCreate.gear.already', { barcode }));
    } else if (gear.storeId !== storeId) {
      tell(
        'error',
        SoundKind.error,
        t('orderCreate.gear.otherStore', { barcode, store: gear.storeName }),
      );
    } else if (NOT_RENTABLE.includes(gear.status)) {
      tell(
        'error',
        SoundKind.error,
        t('orderCreate.gear.notRentable', { barcode, status: gear.statusDisplayName }),
      );
    } else if (items.length >= ORDER_ITEMS_MAX) {
      tell('error', SoundKind.error, t('orderCreate.gear.tooMany', { max: ORDER_ITEMS_MAX }));
    } else {
      onAdd(gear);
      tell(
        'success',
        SoundKind.scanSuccess,
        t('orderCreate.gear.added', { name: gear.name, barcode }),
      );
    }
  };

  const addCode = async (raw: string) => {
    const code = extractSerialNumber(raw);
    if (!code || pending.current.has(code)) return;
    if (items.some((i) => i.barcodeNumber === code)) {
      tell('warning', SoundKind.warning, t('orderCreate.gear.already', { barcode: code }));
      return;
    }
    pending.current.add(code);
    try {
      accept(await getEquipmentByBarcode(code));
    } catch (err) {
      const notFound = err instanceof ApiError && err.status === 404;
      tell(
        'error',
        SoundKind.scanError,
        notFound
          ? t('orderCreate.gear.notFound', { barcode: code })
          : err instanceof Error
            ? err.message
            : String(err),
      );
    } finally {
      pending.current.delete(code);
    }
  };

  // Barcode-gun scans come here while the page shows (a kept-alive page that is hidden has no effects).
  useWedgeTarget((text) => void addCode(text), true);

  const handleScan = async () => {
    const result = await scan({ title: t('orderCreate.gear.scanTitle'), autoCloseDelay: 600 });
    if (result) await addCode(result.text);
  };

  return (
    <section className="order-create__section" aria-labelledby="order-create-gear">
      <h2 id="order-create-gear" className="order-create__heading">
        {t('orderCreate.gear.title', { count: items.length })}
      </h2>
      <div className="order-create__gear-actions">
        <Button block color="primary" loading={scanning} onClick={() => void handleScan()}>
          <ScanningOutline aria-hidden /> {t('orderCreate.gear.scan')}
        </Button>
        <Button block onClick={() => setPickerOpen(true)}>
          <SearchOutline aria-hidden /> {t('orderCreate.gear.search')}
        </Button>
      </div>
      <p className="order-create__tip">{t('orderCreate.gear.tip')}</p>
      <p
        className={`order-create__notice order-create__notice--${notice?.kind ?? 'none'}`}
        role="status"
        aria-live="polite"
      >
        {notice?.text ?? ''}
      </p>
      {conflict && (
        <div className="order-create__conflict" role="alert">
          <p>{conflict.message}</p>
          {conflict.orderId && (
            <Link to={Paths.storeOrderDetail(conflict.orderId)}>
              {t('orderCreate.gear.openHolder')}
            </Link>
          )}
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {items.length === 0 ? (
        <p className="order-create__empty">{t('orderCreate.gear.empty')}</p>
      ) : (
        <List className="order-create__lines">
          {items.map((line) => {
            const taken = conflict?.barcodeNumber === line.barcodeNumber ? conflict : null;
            return (
              <List.Item
                key={line.equipmentId}
                className={`order-create-line${taken ? ' order-create-line--conflict' : ''}`}
                description={
                  <>
                    <span>
                      {line.barcodeNumber} · {line.categoryName}
                    </span>
                    {taken?.conflictStartTime && taken.conflictEndTime && (
                      <span className="order-create-line__taken">
                        {t('orderCreate.gear.taken', {
                          start: when(taken.conflictStartTime),
                          end: when(taken.conflictEndTime),
                        })}
                      </span>
                    )}
                  </>
                }
                extra={
                  <div className="order-create-line__extra">
                    <div className="order-create-line__price">
                      <div>{t('orderCreate.gear.perDay', { price: money(line.dailyPrice) })}</div>
                      <small>
                        {t('orderCreate.gear.deposit', { amount: money(line.deposit) })}
                      </small>
                    </div>
                    <Button
                      className="order-create-line__remove"
                      fill="none"
                      aria-label={t('orderCreate.gear.remove', { name: line.name })}
                      onClick={() => onRemove(line.equipmentId)}
                    >
                      <DeleteOutline aria-hidden fontSize={22} />
                    </Button>
                  </div>
                }
              >
                {line.name}
              </List.Item>
            );
          })}
        </List>
      )}
      <EquipmentPicker
        visible={pickerOpen}
        storeId={storeId}
        availableFrom={availableFrom}
        availableTo={availableTo}
        addedIds={new Set(items.map((i) => i.equipmentId))}
        onAdd={accept}
        onClose={() => setPickerOpen(false)}
      />
    </section>
  );
}
