import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { DeleteOutline, ScanningOutline, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { storeTime } from '@/lib/store-clock';
import { Link } from 'react-router';
import { EquipmentStatus, ORDER_ITEMS_MAX, type Equipment } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ApiError } from '@/lib/api-errors';
import { playSound, SoundKind } from '@/features/audio';
import { getEquipmentByBarcode } from '@/features/inventory';
import {
  useBatchScan,
  type ScanVerdict,
  useWedgeTarget,
  extractSerialNumber,
} from '@/features/scanner';
import { isNoAnswer } from '@/features/offline';
import type { OrderConflict } from '../api/order-create';
import { fetchItemAvailability } from '../api/item-availability';
import type { OrderCreateLine } from '../utils/order-create-form';
import { EquipmentPicker } from './equipment-picker';
import { money } from '@/lib/money';

const when = (iso: string) => storeTime(iso);

/** From this many lines (a group) the list folds to the latest few and any line refused. */
export const GEAR_FOLD_FROM = 8;
/** How many of the latest lines a folded list still shows (the ones being scanned now). */
const LATEST_SHOWN = 3;

/** Gear in these states cannot be rented at all (the server refuses it too). */
const NOT_RENTABLE: readonly number[] = [
  EquipmentStatus.Damaged,
  EquipmentStatus.Lost,
  EquipmentStatus.InTransfer,
  EquipmentStatus.Scrapped,
];

type Notice = { kind: 'success' | 'warning' | 'error'; text: string };

/** Why a line may not go on the order (its item is booked, out, not in stock…). */
export interface LineRefusal {
  message: string;
  orderId: string | null;
  orderNumber: string | null;
}

/**
 * The gear of a new order: added by scanning (the camera stays open from item to item, or a
 * barcode gun anywhere on the page) or from the equipment search; each line can be removed. Each
 * scan asks the server at once whether the item is free for the order's window, and an item that
 * is not is left out with the reason; lines refused later (the window changed, or the server
 * refused the order) are marked with theirs.
 */
export function OrderCreateGear({
  storeId,
  items,
  availableFrom,
  availableTo,
  error,
  conflict,
  refused,
  handOver,
  onAdd,
  onRemove,
  priced,
}: {
  storeId: string;
  items: OrderCreateLine[];
  /**
   * What the server quoted for each line, once it has: the deposit it holds (a card's or a
   * pack's share) and the pack it makes up with the same person's other gear.
   */
  priced?: { deposit: number; pack: string | null }[] | undefined;
  availableFrom: string;
  availableTo: string;
  error?: string;
  conflict: (OrderConflict & { message: string }) | null;
  /** The lines that may not go on the order, by item id. */
  refused: ReadonlyMap<string, LineRefusal>;
  /** Whether the gear goes out with the order: all of it scanned, or some found by search. */
  handOver: 'all' | 'mixed' | null;
  onAdd: (gear: Equipment, scanned: boolean) => void;
  onRemove: (equipmentId: string) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [expanded, setExpanded] = useState(false);
  // Codes being looked up: a double read of the gun adds the item once.
  const pending = useRef(new Set<string>());

  const tell = (kind: Notice['kind'], sound: SoundKind, text: string) => {
    playSound(sound);
    setNotice({ kind, text });
  };

  /** The checks every added item passes, however it was found; a scan also asks the server. */
  const accept = async (gear: Equipment, scanned = false): Promise<ScanVerdict> => {
    const barcode = gear.barcodeNumber;
    const refuse = (kind: Notice['kind'], sound: SoundKind, text: string): ScanVerdict => {
      tell(kind, sound, text);
      return { ok: false, title: gear.nameShown, detail: text };
    };
    if (items.some((i) => i.equipmentId === gear.id)) {
      return refuse('warning', SoundKind.warning, t('orderCreate.gear.already', { barcode }));
    }
    if (gear.storeId !== storeId) {
      return refuse(
        'error',
        SoundKind.error,
        t('orderCreate.gear.otherStore', { barcode, store: gear.storeName }),
      );
    }
    if (NOT_RENTABLE.includes(gear.status)) {
      return refuse(
        'error',
        SoundKind.error,
        t('orderCreate.gear.notRentable', { barcode, status: gear.statusDisplayName }),
      );
    }
    if (items.length >= ORDER_ITEMS_MAX) {
      return refuse(
        'error',
        SoundKind.error,
        t('orderCreate.gear.tooMany', { max: ORDER_ITEMS_MAX }),
      );
    }
    let unchecked = false;
    if (scanned) {
      setNotice({ kind: 'success', text: t('counterScan.checking', { barcode }) });
      try {
        const answer = await fetchItemAvailability(client, {
          barcode,
          storeId,
          from: availableFrom,
          to: availableTo,
        });
        if (!answer.free) return refuse('error', SoundKind.scanError, answer.message);
      } catch (err) {
        // Without network the item goes on the list; the server checks it again on submit.
        if (!isNoAnswer(err)) {
          return refuse(
            'error',
            SoundKind.scanError,
            err instanceof Error ? err.message : String(err),
          );
        }
        unchecked = true;
      }
    }
    onAdd(gear, scanned);
    const text = unchecked
      ? t('counterScan.unchecked', { barcode })
      : t('orderCreate.gear.added', { name: gear.nameShown, barcode });
    tell(
      unchecked ? 'warning' : 'success',
      unchecked ? SoundKind.warning : SoundKind.scanSuccess,
      text,
    );
    return { ok: true, title: gear.nameShown, detail: text };
  };

  const addCode = async (raw: string): Promise<ScanVerdict> => {
    const code = extractSerialNumber(raw);
    if (!code || pending.current.has(code)) return { ok: false, title: raw };
    if (items.some((i) => i.barcodeNumber === code)) {
      const text = t('orderCreate.gear.already', { barcode: code });
      tell('warning', SoundKind.warning, text);
      return { ok: false, title: code, detail: text };
    }
    pending.current.add(code);
    try {
      return await accept(await getEquipmentByBarcode(code), true);
    } catch (err) {
      const notFound = err instanceof ApiError && err.status === 404;
      const text = notFound
        ? t('orderCreate.gear.notFound', { barcode: code })
        : err instanceof Error
          ? err.message
          : String(err);
      tell('error', SoundKind.scanError, text);
      return { ok: false, title: code, detail: text };
    } finally {
      pending.current.delete(code);
    }
  };

  const folded = items.length >= GEAR_FOLD_FROM && !expanded;

  // Barcode-gun scans come here while the page shows (a kept-alive page that is hidden has no effects).
  useWedgeTarget((text) => void addCode(text), true);
  // The camera stays open from item to item, with the running list, until the clerk is done.
  const { scanMany, scanning } = useBatchScan(addCode);

  return (
    <section className="order-create__section" aria-labelledby="order-create-gear">
      <h2 id="order-create-gear" className="order-create__heading">
        {t('orderCreate.gear.title', { count: items.length })}
      </h2>
      <div className="order-create__gear-actions">
        <Button
          block
          color="primary"
          loading={scanning}
          onClick={() => void scanMany({ title: t('orderCreate.gear.scanTitle') })}
        >
          <ScanningOutline aria-hidden /> {t('orderCreate.gear.scan')}
        </Button>
        <Button block onClick={() => setPickerOpen(true)}>
          <SearchOutline aria-hidden /> {t('orderCreate.gear.search')}
        </Button>
      </div>
      <p className="order-create__tip">{t('orderCreate.gear.tip')}</p>
      {handOver && (
        <p className="order-create__handover-note" role="note">
          {t(handOver === 'all' ? 'counterScan.handsOver' : 'counterScan.notAll')}
        </p>
      )}
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
          {items.map((line, index) => {
            const taken = conflict?.barcodeNumber === line.barcodeNumber ? conflict : null;
            const refusal = refused.get(line.equipmentId);
            const quoted = priced?.[index];
            // A group's long list folds: what is being scanned now and what needs the clerk show.
            if (folded && index < items.length - LATEST_SHOWN && !taken && !refusal) return null;
            return (
              <List.Item
                key={line.equipmentId}
                className={`order-create-line${taken || refusal ? ' order-create-line--conflict' : ''}`}
                description={
                  <>
                    <span>
                      {line.barcodeNumber} · {line.categoryName}
                      {line.scanned && ` · ${t('counterScan.scanned')}`}
                    </span>
                    {quoted?.pack && (
                      <span className="order-create-line__pack">
                        {t('orderCreate.gear.inPack', { pack: quoted.pack })}
                      </span>
                    )}
                    {refusal ? (
                      <span className="order-create-line__taken" role="alert">
                        {refusal.message}
                        {refusal.orderId && refusal.orderNumber && (
                          <>
                            {' '}
                            <Link to={Paths.storeOrderDetail(refusal.orderId)}>
                              {t('counterScan.openHolder', { number: refusal.orderNumber })}
                            </Link>
                          </>
                        )}
                      </span>
                    ) : (
                      taken?.conflictStartTime &&
                      taken.conflictEndTime && (
                        <span className="order-create-line__taken">
                          {t('orderCreate.gear.taken', {
                            start: when(taken.conflictStartTime),
                            end: when(taken.conflictEndTime),
                          })}
                        </span>
                      )
                    )}
                  </>
                }
                extra={
                  <div className="order-create-line__extra">
                    <div className="order-create-line__price">
                      <div>{t('orderCreate.gear.perDay', { price: money(line.dailyPrice) })}</div>
                      <small>
                        {t('orderCreate.gear.deposit', {
                          amount: money(quoted?.deposit ?? line.deposit),
                        })}
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
      {items.length >= GEAR_FOLD_FROM && (
        <Button
          block
          fill="none"
          className="order-create__fold"
          aria-expanded={!folded}
          onClick={() => setExpanded((v) => !v)}
        >
          {folded
            ? t('orderCreate.gear.showAll', { count: items.length })
            : t('orderCreate.gear.showLatest', { count: LATEST_SHOWN })}
        </Button>
      )}
      <EquipmentPicker
        visible={pickerOpen}
        storeId={storeId}
        availableFrom={availableFrom}
        availableTo={availableTo}
        addedIds={new Set(items.map((i) => i.equipmentId))}
        onAdd={(gear) => void accept(gear)}
        onClose={() => setPickerOpen(false)}
      />
    </section>
  );
}
