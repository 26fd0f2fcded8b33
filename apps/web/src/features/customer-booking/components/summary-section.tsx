import { lazy, Suspense, useState } from 'react';
import { Button, Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { BookingQuote, CartRider } from '@snowgear/contracts';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { LazyPopup } from '@/components/lazy-popups';

// The summary's code comes with the first line added, not with the page: a first visit has none.
const loadQuoteLines = () => import('./quote-lines');
const QuoteLines = lazy(() => loadQuoteLines().then((m) => ({ default: m.QuoteLines })));

/** Fetches the summary's code ahead of the first line (the gear sheet opening). */
export function preloadSummary(): void {
  void loadQuoteLines();
}

interface Props {
  quote: BookingQuote | undefined;
  riders: CartRider[];
  /** The rental agreement the customer accepts; none when an agent books for them. */
  agreement?: AgreementProps;
  /** The order will wait for the store to confirm it (an agent's booking): the time to pay runs from then. */
  awaitsStore?: boolean;
  onRemoveLine: (cartIndex: number) => void;
}

interface AgreementProps {
  text: string;
  accepted: boolean;
  error: string | null;
  onAccept: (accepted: boolean) => void;
}

/**
 * The booking priced, as the customer confirms it: the same summary as the payment page and the
 * order (features/rental-summary), with what cannot be held, and the rental agreement.
 */
export function SummarySection({
  quote,
  riders,
  agreement,
  awaitsStore = false,
  onRemoveLine,
}: Props) {
  const { t } = useTranslation();
  if (!quote) return <p className="booking-empty">{t('booking.cartEmpty')}</p>;

  return (
    <div className="summary-section">
      <Suspense fallback={<div className="summary-section__loading" aria-busy="true" />}>
        <QuoteLines
          quote={quote}
          riders={riders}
          awaitsStore={awaitsStore}
          onRemoveLine={onRemoveLine}
        />
      </Suspense>
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
