import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_CANCELLABLE,
  customerCancelsUntil,
  DeliveryMethod,
  FeeItemKind,
  OrderStatus,
  ReturnMethod,
  rentIsDaily,
  type RentalSummaryLineOf,
  FEE_LINE_LABELS,
} from '@snowgear/contracts';
import { money } from '@/lib/money';
import { storeTime } from '@/lib/store-clock';
import type { SummaryView } from '../utils/summary-view';
import '../rental-summary.css';

/**
 * What the customer pays for, on one screen: the store, when the gear is taken and brought back
 * and how (with the addresses when the reader may see them), each rider's gear with its size and
 * rent as daily price × days, the refundable deposit, the other fees, the total, and the
 * cancellation terms the server applies. The booking's confirm step, the payment page, the
 * customer's order and its QR page all show this, each through its adapter (summary-view.ts).
 */
export function RentalSummary({
  view,
  onRemoveLine,
  children,
}: {
  view: SummaryView;
  /** The booking's cart lines can be taken out from here. */
  onRemoveLine?: (cartIndex: number) => void;
  /** Said after the lines, before the totals (what cannot be held, on the booking page). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="rental-summary" aria-label={t('rentalSummary.title')}>
      <dl className="rental-summary__facts">
        <dt>{t('rentalSummary.store')}</dt>
        <dd>{view.storeName}</dd>
        <dt>{t('rentalSummary.pickUp')}</dt>
        <dd>
          {storeTime(view.rentalStartTime)}
          {view.deliveryWindowEnd && `–${storeTime(view.deliveryWindowEnd, 'HH:mm')}`}
          <Way
            method={t(`rentalSummary.method.${view.deliveryMethod}`)}
            driver={view.deliveryMethod === DeliveryMethod.Delivery}
            address={view.deliveryAddress}
            line={(address) => t('rentalSummary.deliverTo', { address })}
          />
        </dd>
        <dt>{t('rentalSummary.giveBack')}</dt>
        <dd>
          {storeTime(view.rentalEndTime)}
          <span className="rental-summary__days">
            {t('rentalSummary.days', { count: view.days })}
          </span>
          <Way
            method={t(`rentalSummary.method.${view.returnMethod}`)}
            driver={view.returnMethod === ReturnMethod.Pickup}
            address={view.returnAddress}
            line={(address) => t('rentalSummary.collectFrom', { address })}
          />
        </dd>
      </dl>

      <Riders lines={view.lines} onRemoveLine={onRemoveLine} />
      {children}

      <dl className="summary-totals">
        <dt>{t('rentalSummary.rent')}</dt>
        <dd>{money(view.rent)}</dd>
        <dt>{t('rentalSummary.deposit')}</dt>
        <dd>{money(view.deposit)}</dd>
        {view.fees.map((fee, i) => (
          <Fee key={i} fee={fee} />
        ))}
        <dt className="summary-totals__total">{t('rentalSummary.total')}</dt>
        <dd className="summary-totals__total">{money(view.total)}</dd>
      </dl>
      <p className="summary-note">{t('rentalSummary.depositNote')}</p>
      <CancelTerms view={view} />
    </section>
  );
}

/** How the gear goes one way: the method, and where when a driver comes. */
function Way({
  method,
  driver,
  address,
  line,
}: {
  method: string;
  /** A driver brings or collects the gear: where is said. */
  driver: boolean;
  /** Null when the reader may not see it. */
  address: string | null;
  line: (address: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <span className="rental-summary__way">
      {method}
      {driver && (
        <span className={address?.trim() ? undefined : 'rental-summary__muted'}>
          {address === null
            ? t('rentalSummary.addressHidden')
            : address.trim()
              ? line(address)
              : t('rentalSummary.addressMissing')}
        </span>
      )}
    </span>
  );
}

/** The lines by rider, in the order the riders first appear. */
function Riders({
  lines,
  onRemoveLine,
}: {
  lines: RentalSummaryLineOf[];
  onRemoveLine?: (cartIndex: number) => void;
}) {
  const { t } = useTranslation();
  const riders: { key: string | null; name: string | null; lines: RentalSummaryLineOf[] }[] = [];
  for (const line of lines) {
    const rider = riders.find((r) => r.key === line.riderKey);
    if (rider) rider.lines.push(line);
    else riders.push({ key: line.riderKey, name: line.riderName, lines: [line] });
  }
  // Lines for nobody in particular last.
  riders.sort((a, b) => Number(a.key === null) - Number(b.key === null));
  let number = 0;
  return (
    <>
      {riders.map((rider) => {
        // A rider whose name this reader may not see is still told apart from the others.
        const name =
          rider.key === null
            ? t('rentalSummary.noRider')
            : (rider.name ?? t('rentalSummary.riderNumber', { number: (number += 1) }));
        return (
          <section key={rider.key ?? ''} className="summary-rider" aria-label={name}>
            <h3 className="summary-rider__name">{name}</h3>
            <ul className="summary-lines">
              {rider.lines.map((line, i) => (
                <Line key={i} line={line} onRemoveLine={onRemoveLine} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

function Line({
  line,
  onRemoveLine,
}: {
  line: RentalSummaryLineOf;
  onRemoveLine?: (cartIndex: number) => void;
}) {
  const { t } = useTranslation();
  const pack = line.packName !== '';
  const title = pack ? line.packName : (line.parts[0]?.categoryName ?? '');
  const removable = onRemoveLine && line.cartIndex !== null;
  return (
    <li className="summary-line">
      <div className="summary-line__body">
        <div className="summary-line__title">{title}</div>
        {line.parts.map((part, i) => (
          <div key={i} className="summary-line__part">
            {[pack ? part.categoryName : '', part.sizeLabel].filter(Boolean).join(' ')}
            {part.barcodeNumber && (
              <span className="summary-line__item">
                {t('rentalSummary.thisItem', { barcode: part.barcodeNumber })}
              </span>
            )}
          </div>
        ))}
        {line.explanation && <div className="rental-summary__explanation">{line.explanation}</div>}
        <div className="rental-summary__rate">
          {/* A daily price × days where that is what it costs; a card's price explains itself above. */}
          {line.days !== null &&
            rentIsDaily(line.dailyPrice, line.days, line.rent) &&
            t('rentalSummary.rate', { price: money(line.dailyPrice), count: line.days })}
          {line.deposit > 0 && (
            <span>{t('rentalSummary.lineDeposit', { amount: money(line.deposit) })}</span>
          )}
        </div>
      </div>
      <div className="summary-line__price">{money(line.rent)}</div>
      {removable && (
        <Button
          fill="none"
          className="summary-line__remove"
          aria-label={t('booking.removeLine', { name: title })}
          onClick={() => onRemoveLine(line.cartIndex!)}
        >
          <DeleteOutline aria-hidden />
        </Button>
      )}
    </li>
  );
}

/** How an order names the fee of a delivery run and of a pickup run, in either language. */
const DELIVERY_RUN: string[] = Object.values(FEE_LINE_LABELS).map((l) => l.delivery);
const PICKUP_RUN: string[] = Object.values(FEE_LINE_LABELS).map((l) => l.pickup);

function Fee({ fee }: { fee: SummaryView['fees'][number] }) {
  const { t } = useTranslation();
  // An extension's fee line says how many days it added ('+1').
  const extraDays = Number(/^\+(\d+)$/.exec(fee.description)?.[1]);
  // The server names a driver's fee by its run, in the language the order was taken in.
  const pickupRun = fee.kind === FeeItemKind.DeliveryFee && PICKUP_RUN.includes(fee.description);
  const deliveryRun =
    fee.kind === FeeItemKind.DeliveryFee && DELIVERY_RUN.includes(fee.description);
  const label =
    fee.kind === 'PickupFee' || pickupRun
      ? t('rentalSummary.pickupFee')
      : deliveryRun
        ? t('orders.feeKinds.DeliveryFee')
        : fee.kind === FeeItemKind.ExtensionFee && extraDays > 0
          ? t('rentalSummary.extension', { count: extraDays })
          : [t(`orders.feeKinds.${fee.kind}`), fee.description].filter(Boolean).join(' · ');
  return (
    <>
      <dt>{label}</dt>
      <dd>{money(fee.amount)}</dd>
    </>
  );
}

/**
 * The cancellation terms the server applies (contracts `CUSTOMER_CANCELLABLE`): until when the
 * customer may cancel, that what was paid comes back, and how long an unpaid order is kept. Shown
 * before booking and while the order can still be cancelled; after that they promise nothing.
 */
function CancelTerms({ view }: { view: SummaryView }) {
  const { t } = useTranslation();
  const { status } = view;
  if (status !== null && !CUSTOMER_CANCELLABLE.includes(status as OrderStatus)) return null;
  // The time to pay runs from the booking, or from the store's confirmation when it needs one.
  const unpaid = status === null || status === OrderStatus.Unpaid;
  const awaitsStore = status === OrderStatus.Pending;
  const until = customerCancelsUntil(view.deliveryMethod);
  return (
    <section className="rental-summary__terms" aria-labelledby="rental-summary-terms">
      <h3 id="rental-summary-terms">{t('rentalSummary.cancel.title')}</h3>
      <ul>
        <li>{t(`rentalSummary.cancel.until.${until}`)}</li>
        <li>{t('rentalSummary.cancel.refund')}</li>
        {unpaid &&
          (view.payBefore ? (
            <li>{t('rentalSummary.cancel.payBy', { time: storeTime(view.payBefore) })}</li>
          ) : view.orderTimeoutHours ? (
            <li>{t('rentalSummary.cancel.unpaid', { count: view.orderTimeoutHours })}</li>
          ) : null)}
        {awaitsStore && !!view.orderTimeoutHours && (
          <li>{t('rentalSummary.cancel.unpaidAfterConfirm', { count: view.orderTimeoutHours })}</li>
        )}
      </ul>
    </section>
  );
}
