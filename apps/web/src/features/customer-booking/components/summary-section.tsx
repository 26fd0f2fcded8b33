import { Suspense, useState } from 'react';
import { Button, Checkbox } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { BookingQuote, CartRider, QuoteLine } from '@snowgear/contracts';
import { money } from '@/lib/money';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { LazyPopup } from '@/components/lazy-popups';

interface Props {
  quote: BookingQuote | undefined;
  riders: CartRider[];
  /** The rental agreement the customer accepts; none when an agent books for them. */
  agreement?: AgreementProps;
  onRemoveLine: (cartIndex: number) => void;
}

interface AgreementProps {
  text: string;
  accepted: boolean;
  error: string | null;
  onAccept: (accepted: boolean) => void;
}

interface LineGroup {
  cartIndex: number;
  title: string;
  lines: QuoteLine[];
}

/** Lines by rider, each cart line (a kind, or a pack with its parts) removable on its own. */
function groupsOf(quote: BookingQuote): Map<string | null, LineGroup[]> {
  const byRider = new Map<string | null, LineGroup[]>();
  for (const line of quote.lines) {
    const groups = byRider.get(line.riderKey) ?? [];
    let group = groups.find((g) => g.cartIndex === line.cartIndex);
    if (!group) {
      group = { cartIndex: line.cartIndex, title: line.packName || line.categoryName, lines: [] };
      groups.push(group);
    }
    group.lines.push(line);
    byRider.set(line.riderKey, groups);
  }
  return byRider;
}

/** The booking priced: lines by rider, rent, deposit, fees and total, and the rental agreement. */
export function SummarySection({ quote, riders, agreement, onRemoveLine }: Props) {
  const { t } = useTranslation();
  if (!quote) return <p className="booking-empty">{t('booking.cartEmpty')}</p>;

  return (
    <div className="summary-section">
      <QuoteLines quote={quote} riders={riders} onRemoveLine={onRemoveLine} />
      <p className="summary-note">{t('booking.depositNote')}</p>
      {agreement && <Agreement {...agreement} />}
    </div>
  );
}

function Agreement({
  text: agreement,
  accepted: agreementAccepted,
  error: agreementError,
  onAccept: onAcceptAgreement,
}: AgreementProps) {
  const { t } = useTranslation();
  const [reading, setReading] = useState(false);
  const readOnce = useOpenedOnce(reading);
  return (
    <>
      <div className="agreement">
        <Checkbox
          checked={agreementAccepted}
          onChange={onAcceptAgreement}
          aria-describedby={agreementError ? 'agreement-error' : undefined}
        >
          {t('booking.acceptAgreement')}
        </Checkbox>
        <Button fill="none" color="primary" onClick={() => setReading(true)}>
          {t('booking.readAgreement')}
        </Button>
        {agreementError && (
          <p id="agreement-error" className="field-error" role="alert">
            {agreementError}
          </p>
        )}
      </div>
      {readOnce && (
        <Suspense fallback={null}>
          <LazyPopup
            showCloseButton
            visible={reading}
            onMaskClick={() => setReading(false)}
            onClose={() => setReading(false)}
            position="bottom"
            bodyClassName="agreement-popup"
          >
            <div role="dialog" aria-modal="true" aria-labelledby="agreement-title">
              <h2 id="agreement-title">{t('booking.agreementTitle')}</h2>
              <div className="agreement-popup__text">
                {agreement || t('booking.agreementMissing')}
              </div>
              <Button
                block
                size="large"
                color="primary"
                onClick={() => {
                  onAcceptAgreement(true);
                  setReading(false);
                }}
              >
                {t('booking.agreeAndClose')}
              </Button>
            </div>
          </LazyPopup>
        </Suspense>
      )}
    </>
  );
}

/**
 * A quote as the customer reads it: lines by rider (each cart line removable when
 * `onRemoveLine` is given), what cannot be held, and rent, deposit, fees and total.
 */
export function QuoteLines({
  quote,
  riders,
  onRemoveLine,
}: {
  quote: BookingQuote;
  riders: CartRider[];
  onRemoveLine?: (cartIndex: number) => void;
}) {
  const { t } = useTranslation();
  const groups = groupsOf(quote);
  const riderName = (key: string | null) =>
    riders.find((r) => r.key === key)?.name ?? t('booking.noRider');

  return (
    <>
      {[...groups].map(([riderKey, lineGroups]) => (
        <section
          key={riderKey ?? 'none'}
          className="summary-rider"
          aria-label={riderName(riderKey)}
        >
          <h3 className="summary-rider__name">{riderName(riderKey)}</h3>
          <ul className="summary-lines">
            {lineGroups.map((group) => (
              <li key={group.cartIndex} className="summary-line">
                <div className="summary-line__body">
                  <div className="summary-line__title">{group.title}</div>
                  {group.lines.map((l, i) => (
                    <div key={i} className="summary-line__part">
                      {group.lines.length > 1 || l.packName ? `${l.categoryName} ` : ''}
                      {l.sizeLabel}
                      {l.barcodeNumber && (
                        <span className="summary-line__item">
                          {t('booking.thisItem', { barcode: l.barcodeNumber })}
                        </span>
                      )}
                    </div>
                  ))}
                </div>
                <div className="summary-line__price">
                  {money(group.lines.reduce((n, l) => n + l.rent, 0))}
                </div>
                {onRemoveLine && (
                  <Button
                    fill="none"
                    className="summary-line__remove"
                    aria-label={t('booking.removeLine', { name: group.title })}
                    onClick={() => onRemoveLine(group.cartIndex)}
                  >
                    <DeleteOutline aria-hidden />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {quote.shortages.length > 0 && (
        <ul className="summary-shortages" role="alert">
          {quote.shortages.map((s) => (
            <li key={s.cartIndex}>
              {t('booking.shortage', {
                name: s.categoryName,
                size: s.sizeLabel,
                free: s.free,
                wanted: s.wanted,
              })}
            </li>
          ))}
        </ul>
      )}
      <dl className="summary-totals">
        <dt>{t('booking.rentFor', { count: quote.days })}</dt>
        <dd>{money(quote.rent)}</dd>
        <dt>{t('booking.deposit')}</dt>
        <dd>{money(quote.deposit)}</dd>
        {quote.deliveryFee > 0 && (
          <>
            <dt>{t('booking.deliveryFee')}</dt>
            <dd>{money(quote.deliveryFee)}</dd>
          </>
        )}
        {quote.pickupFee > 0 && (
          <>
            <dt>{t('booking.pickupFee')}</dt>
            <dd>{money(quote.pickupFee)}</dd>
          </>
        )}
        <dt className="summary-totals__total">{t('booking.total')}</dt>
        <dd className="summary-totals__total">{money(quote.total)}</dd>
      </dl>
    </>
  );
}
