import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { dayjs } from '@/lib/dayjs-zones';
import { useTranslation } from 'react-i18next';
import {
  BusinessParameterKey as K,
  DeliveryMethod,
  ErrorCode,
  ReturnMethod,
  RoleName,
  type CartRider,
  type QuoteShortage,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { DraftNotice } from '@/components/draft-notice';
import { ActionBar } from '@/components/layouts/action-bar';
import { ApiError } from '@/lib/api-errors';
import { money } from '@/lib/money';
import { storeTime } from '@/lib/store-clock';
import { revealFirstError } from '@/lib/reveal-first-error';
import { useNow } from '@/lib/use-now';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { confirmDialog } from '@/components/lazy-popups';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { loadSavedAddressPicker } from '@/features/addresses';
import { ridersQuery, type RiderDraft, loadRiderEditor } from '@/features/riders';
import { StoreCard, StoreSelector, refreshStores, useCurrentStore } from '@/features/stores';
import { loadSaveScheme } from '@/features/schemes';
import {
  useConfigStore,
  businessParameter,
  bookingStart,
  daySlots,
  defaultBookingDay,
  defaultRentalDays,
  halfDayWindow,
  presetAddresses,
  rentalEnd,
  DEFAULT_BUSINESS_TIME_ZONE,
} from '@/features/system-config';
import { useCreateBooking } from '../api/create-booking';
import { currentReferral, rememberReferral } from '../utils/referral';
import { useBookingCatalog } from '../api/get-booking-catalog';
import { useBookingQuote, useFullDays, useLastQuote } from '../api/quote-booking';
import type { GearTarget } from '../components/add-gear-popup';
import type { AgentCustomerFields, agentCustomerErrors } from '../components/agent-customer-fields';
import { DatesSection } from '../components/dates-section';
import { DeliverySection } from '../components/delivery-section';
import { GearSection } from '../components/gear-section';
import { CartRiders } from '../components/cart-riders';
import { preloadSummary, SummarySection } from '../components/summary-section';
import { useCreateAgentOrder } from '../api/create-agent-order';
import {
  EMPTY_BOOKING,
  isBookingEmpty,
  newRiderKey,
  toCart,
  useAgentBookingCart,
  useBookingCart,
} from '../stores/booking-cart';
import { wantedByKind } from '../utils/cart-lines';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { HeaderExtra } from '@/components/page-header';

const TIME_ZONE = DEFAULT_BUSINESS_TIME_ZONE;
const NO_STORE_HOURS = { startTime: '09:00', endTime: '17:00', restDays: [] };
/**
 * How long a booking resumed after signing in waits for what stops it to clear before saying it.
 * It goes on the moment nothing does; on a slow phone or network the stores, the agreement and
 * the price come back after sign-in over a few seconds, and 1.5 s told people of a stop that
 * cleared a moment later, so they had to tap again.
 */
const RESUME_WAIT_MS = 3000;

// The store's variant (an order number in the link) is its own step, with its own code.
const OpenOrder = lazy(() =>
  import('../components/open-order').then((m) => ({ default: m.OpenOrder })),
);

// Opened by a tap, so loaded by it: a first visit downloads neither (nor their forms and pickers).
const AddGearPopup = lazy(() =>
  import('../components/add-gear-popup').then((m) => ({ default: m.AddGearPopup })),
);
const RiderEditor = lazy(() => loadRiderEditor().then((m) => ({ default: m.RiderEditor })));

// Drawn below the first screen, and never on a first visit's (no store chosen yet): the saved
// addresses of a signed-in customer who wants delivery, and saving the cart as a scheme.
const SavedAddressPicker = lazy(() =>
  loadSavedAddressPicker().then((m) => ({ default: m.SavedAddressPicker })),
);
const SaveScheme = lazy(() => loadSaveScheme().then((m) => ({ default: m.SaveScheme })));

/** A fee parameter as yuan; blank or nonsense is no fee (as the server reads it). */
const feeOf = (value: string | undefined) => {
  const n = Number((value ?? '').trim());
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/**
 * The booking (spec §2 customer order-create): store, dates, riders, gear by kind and size (or
 * packs), delivery and return, then the summary with the rental agreement. Signing in comes at
 * submit, and everything entered is kept meanwhile; the order then goes straight to payment.
 */
export default function OrderCreateRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNumber = params.get('orderNumber');
  if (orderNumber) {
    return (
      <Suspense fallback={null}>
        <OpenOrder
          orderNumber={orderNumber}
          onDone={() => void navigate(Paths.orderCreate, { replace: true })}
        />
      </Suspense>
    );
  }
  return <BookingPage />;
}

/**
 * Who books: the customer for themselves (signing in at submit, accepting the agreement, then
 * paying), or an agent for a customer they name (the order waits for the store to confirm it).
 * The agent's page brings the fields for that customer and their checks, so the customer's
 * page does without them (and the schema library they use).
 */
export interface AgentBooking {
  Fields: typeof AgentCustomerFields;
  errorsOf: typeof agentCustomerErrors;
}

export function BookingPage({ agent }: { agent?: AgentBooking }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const now = useNow();
  const config = useConfigStore((s) => s.config);
  const storeId = useCurrentStore((s) => s.currentStoreId);
  const store = storeId ? config?.storeConfigs[storeId] : undefined;
  const session = useSession();
  const showError = useAppStore((s) => s.showError);
  const forAgent = !!agent;
  const useCart = forAgent ? useAgentBookingCart : useBookingCart;
  const saved = useCart();
  // A booking is its owner's: one of a signed-in customer or agent (an agent's names a customer)
  // is not shown to anyone else on this phone; one begun before signing in is taken over by
  // whoever signs in to submit it.
  const userId = session.user?.id ?? null;
  const mine = saved.ownerId === userId || (!forAgent && saved.ownerId === null);
  const draft = useMemo(
    () => (mine ? saved : { ...saved, ...EMPTY_BOOKING, ownerId: userId }),
    [saved, mine, userId],
  );
  const [customerTouched, setCustomerTouched] = useState(false);
  // An address still to type says so beside its field once the customer tries to go on, not the
  // moment delivery is chosen (the bar says what is missing from the start).
  const [addressTouched, setAddressTouched] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<GearTarget | null>(null);
  // The store list opens again when asked, and closes once another store is chosen.
  const [changingFrom, setChangingFrom] = useState<string | null>(null);
  // The rider being added (rider null) or changed; null: none.
  const [editing, setEditing] = useState<{ rider: CartRider | null } | null>(null);
  const gearOpened = useOpenedOnce(target !== null);
  const riderOpened = useOpenedOnce(editing !== null);
  const [agreementError, setAgreementError] = useState<string | null>(null);
  const [shortages, setShortages] = useState<QuoteShortage[]>([]);
  const create = useCreateBooking();
  const createForCustomer = useCreateAgentOrder();
  // Came through an agent's link: remembered until the booking (utils/referral.ts).
  const ref = forAgent ? null : params.get('ref');
  useEffect(() => rememberReferral(ref), [ref]);
  useEffect(() => {
    if (!mine) useCart.getState().clear(userId);
    else if (saved.ownerId !== userId) useCart.getState().update({ ownerId: userId });
  }, [mine, saved.ownerId, userId, useCart]);
  // Kept a day from the last change, even on a page left open overnight.
  useEffect(() => useCart.getState().expire(now.getTime()), [now, useCart]);

  const param = (key: K) => businessParameter(config, storeId, key);
  const threshold = param(K.NextDayThreshold);
  const today = dayjs(now).tz(TIME_ZONE).format('YYYY-MM-DD');
  // The store's hours decide the times offered (contracts' booking-times.ts, which the server
  // checks too); without a store yet, a day of 09:00–17:00 stands in until one is chosen.
  const hours = store?.businessHours ?? NO_STORE_HOURS;
  const startDate =
    draft.startDate && draft.startDate >= today
      ? draft.startDate
      : defaultBookingDay(now, threshold, hours, draft.deliveryMethod, TIME_ZONE);
  const booking = bookingStart(
    startDate,
    draft.startTime,
    hours,
    draft.deliveryMethod,
    now,
    TIME_ZONE,
  );
  const todayHasTime = daySlots(today, hours, draft.deliveryMethod, now, TIME_ZONE).some(
    (slot) => !slot.past,
  );
  // Only the afternoon (docs/pricing.md): from the store's half-day start, back by its closing
  // the same day; offered where its cards price a half day (the catalog says from when).
  const start = booking.start;
  const afternoon = halfDayWindow(start, param(K.HalfDayFrom), hours.endTime, TIME_ZONE);
  const halfDay = draft.halfDay && afternoon.possible;
  const days = halfDay ? 1 : (draft.days ?? defaultRentalDays(param(K.DefaultRentalDays)));
  const end = halfDay ? afternoon.end : rentalEnd(start, days);

  const isCustomer =
    !forAgent && !!session.accessToken && !!session.user?.roles.includes(RoleName.Customer);
  const catalog = useBookingCatalog(storeId, start.toISOString(), days, halfDay);
  const halfDaysOffered = !!catalog.data?.halfDayFrom && catalog.data.storeId === storeId;
  const startIso = start.toISOString();
  const cart = storeId ? toCart(draft, storeId, new Date(startIso), days, halfDay) : null;
  const quote = useBookingQuote(cart);
  // Asked once the calendar has opened: which days ahead the cart's gear is fully booked.
  const [calendarOpened, setCalendarOpened] = useState(false);
  const fullDays = useFullDays(cart, today, calendarOpened);
  const riders = useQuery({ ...ridersQuery(), enabled: isCustomer });
  const savedRiders = (riders.data?.items ?? []).filter(
    (p) => !draft.riders.some((r) => r.profileId === p.id),
  );
  const wanted = wantedByKind(draft.lines);
  const agreementVersion = config?.systemInfo.rentalAgreementVersion ?? '';
  const agreementAccepted = draft.acceptedAgreement === agreementVersion;
  const addressErrors = {
    deliveryAddress:
      draft.deliveryMethod === DeliveryMethod.Delivery && !draft.deliveryAddress.trim()
        ? t('booking.addressRequired')
        : undefined,
    returnAddress:
      draft.returnMethod === ReturnMethod.Pickup && !draft.returnAddress.trim()
        ? t('booking.addressRequired')
        : undefined,
  };
  // The price shown is the last one the server gave; while the cart has changed since (a quote
  // on its way, or none possible offline) it is marked as such and the booking waits for it.
  const lastQuote = useLastQuote(quote.data, quote.isPlaceholderData);
  const shownQuote = draft.lines.length > 0 ? lastQuote : undefined;
  const quoteFresh = !!quote.data && !quote.isPlaceholderData && !quote.isError;
  const quoteWaiting = quote.fetchStatus === 'fetching';
  const problems = quote.data?.shortages ?? shortages;
  const customerErrors = agent ? agent.errorsOf(draft, t) : {};
  const timeProblem = !booking.slot
    ? t('booking.noTimeLeft')
    : booking.passed
      ? t('booking.timePassed')
      : null;
  /** What stops the booking, in the order the page shows it: the first is what the bar says. */
  const blockers: { reason: string; agreement?: true; customer?: true; gear?: true }[] = [
    ...(Object.values(customerErrors).some(Boolean)
      ? [{ reason: t('booking.whyCustomer'), customer: true as const }]
      : []),
    ...(timeProblem ? [{ reason: timeProblem }] : []),
    ...(draft.lines.length === 0 ? [{ reason: t('booking.whyNoGear'), gear: true as const }] : []),
    ...(addressErrors.deliveryAddress
      ? [{ reason: t('booking.whyField', { field: t('booking.deliveryAddress') }) }]
      : []),
    ...(addressErrors.returnAddress
      ? [{ reason: t('booking.whyField', { field: t('booking.returnAddress') }) }]
      : []),
    ...(problems.length > 0 ? [{ reason: t('booking.whyShortage') }] : []),
    ...(!forAgent && !agreementAccepted
      ? [{ reason: t('booking.whyAgreement'), agreement: true as const }]
      : []),
    ...(draft.lines.length > 0 && !quoteFresh
      ? [{ reason: quoteWaiting ? t('booking.quoteUpdating') : t('booking.quoteStale') }]
      : []),
  ];
  const ready = !!cart && blockers.length === 0;

  /** Shows the first thing that stops the booking where it is, with its message. */
  const revealBlocker = () => {
    const first = blockers[0];
    if (!first) return;
    setAddressTouched(true);
    if (first.customer) setCustomerTouched(true);
    if (first.agreement) setAgreementError(t('booking.agreementRequired'));
    if (first.gear) {
      document
        .getElementById('step-gear')
        ?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      return;
    }
    revealFirstError(root.current);
  };

  const handleSaveRider = (rider: RiderDraft) => {
    const key = editing?.rider?.key ?? newRiderKey();
    useCart.getState().saveRider({
      ...rider,
      key,
      profileId: editing?.rider?.profileId ?? null,
    });
    setEditing(null);
  };

  const handleSubmitForCustomer = async () => {
    setCustomerTouched(true);
    if (!cart || !ready) {
      revealBlocker();
      return;
    }
    try {
      const order = await createForCustomer.mutateAsync({
        cart,
        customerName: draft.customerName.trim(),
        customerPhone: draft.customerPhone.trim(),
        remarks: draft.remarks.trim(),
      });
      useCart.getState().clear();
      // The agent's home says it was placed and what happens next, above their orders.
      void navigate(`${Paths.agentDashboard}?placed=${encodeURIComponent(order.orderNumber)}`, {
        replace: true,
      });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const short = err.data?.shortages;
      if (Array.isArray(short)) setShortages(short as QuoteShortage[]);
      void catalog.refetch();
      showError(err.message);
    }
  };

  const handleSubmit = async () => {
    if (forAgent) return handleSubmitForCustomer();
    if (!cart || !ready) {
      revealBlocker();
      return;
    }
    if (!isCustomer) {
      // Sign in first; everything entered stays, and the booking goes on on the way back.
      const back = `${Paths.orderCreate}?submit=1`;
      void navigate(`${Paths.customerLogin}?redirect=${encodeURIComponent(back)}`);
      return;
    }
    try {
      const order = await create.mutateAsync({
        cart,
        agreementVersion,
        referralCode: currentReferral(),
      });
      useCart.getState().clear();
      void navigate(Paths.customerPayment(order.id), { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === ErrorCode.AgreementChanged) {
        useCart.getState().update({ acceptedAgreement: null });
        await refreshStores({ force: true });
        setAgreementError(err.message);
        revealFirstError(root.current);
        return;
      }
      // A time that passed while the customer was paying attention elsewhere: choose again.
      if (err.code === ErrorCode.BookingTimeNotOffered) {
        useCart.getState().update({ startTime: null });
      }
      const short = err.data?.shortages;
      if (Array.isArray(short)) setShortages(short as QuoteShortage[]);
      void catalog.refetch();
      showError(err.message);
    }
  };

  // Back from signing in at submit: go on with the booking once, as soon as nothing stops it. What
  // still stops it may be on its way (the price of the cart as it is now, the stores); if it is
  // still there a moment after the price has come, the page says what it is, as a tap would.
  const resumed = useRef(false);
  const resuming = params.get('submit') === '1' && isCustomer && !!cart && !quote.isPending;
  const priceSettled = !quote.isPlaceholderData && quote.fetchStatus !== 'fetching';
  useEffect(() => {
    if (resumed.current || !resuming || !priceSettled) return;
    const resume = () => {
      resumed.current = true;
      void navigate(Paths.orderCreate, { replace: true });
      queueMicrotask(() => void handleSubmit());
    };
    if (ready) return resume();
    const timer = setTimeout(resume, RESUME_WAIT_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it can go on or says why
  }, [resuming, priceSettled, ready]);

  const handleRemoveRider = (rider: CartRider) => {
    void confirmDialog({
      content: t('booking.removeRiderConfirm', { name: rider.name }),
      confirmText: t('app.delete'),
      cancelText: t('app.cancel'),
      onConfirm: () => useCart.getState().removeRider(rider.key),
    });
  };

  const handleRefresh = async () => {
    await Promise.all([refreshStores({ force: true }), catalog.refetch()]);
  };

  return (
    <div className="order-create-page booking" ref={root}>
      <header className="page-hero booking__hero">
        <div>
          <h1>{forAgent ? t('agentBooking.title') : t('booking.title')}</h1>
          <p>
            {forAgent
              ? t('agentBooking.tip')
              : config?.systemInfo.companyName || config?.systemInfo.systemName}
          </p>
        </div>
        {/* The way to one's account from the booking page, which has no tab bar. */}
        {forAgent ? (
          <Link to={Paths.agentDashboard} className="booking__account">
            {t('agentBooking.back')}
          </Link>
        ) : isCustomer ? (
          <Link to={Paths.customerProfile} className="booking__account">
            {t('booking.myAccount')}
          </Link>
        ) : (
          !session.accessToken && (
            <Link
              to={`${Paths.customerLogin}?redirect=${encodeURIComponent(Paths.orderCreate)}`}
              className="booking__account"
            >
              {t('booking.signIn')}
            </Link>
          )
        )}
        <HeaderExtra />
      </header>
      <PullToRefresh onRefresh={handleRefresh}>
        <div className="page-body booking__steps">
          {saved.restored && mine && !isBookingEmpty(draft) && (
            <DraftNotice
              onStartOver={() => useCart.getState().clear(userId)}
              onDismiss={() => useCart.getState().dismissRestored()}
            />
          )}
          {agent && (
            <section className="booking-step" aria-labelledby="step-customer">
              <h2 id="step-customer" className="section-title">
                {t('agentBooking.stepCustomer')}
              </h2>
              <agent.Fields
                name={draft.customerName}
                phone={draft.customerPhone}
                remarks={draft.remarks}
                errors={customerTouched ? customerErrors : {}}
                onChange={(changes) => useCart.getState().update(changes)}
              />
            </section>
          )}
          <section className="booking-step" aria-labelledby="step-store">
            {store && changingFrom !== storeId ? (
              <>
                <h2 id="step-store" className="section-title">
                  {t('booking.stepStore')}
                </h2>
                <StoreCard store={store} now={now} selected onSelect={() => undefined} />
                <Button
                  block
                  fill="outline"
                  className="booking-step__change"
                  onClick={() => setChangingFrom(storeId)}
                >
                  {t('booking.changeStore')}
                </Button>
              </>
            ) : (
              <StoreSelector />
            )}
          </section>
          {store && (
            <>
              <section className="booking-step" aria-labelledby="step-dates">
                <h2 id="step-dates" className="section-title">
                  {t('booking.stepDates')}
                </h2>
                <DatesSection
                  booking={booking}
                  days={days}
                  end={end}
                  now={now}
                  today={today}
                  restDays={store.businessHours.restDays}
                  todayHasTime={todayHasTime}
                  delivery={draft.deliveryMethod === DeliveryMethod.Delivery}
                  timeZone={TIME_ZONE}
                  halfDay={
                    halfDaysOffered
                      ? { from: afternoon.from, possible: afternoon.possible, on: halfDay }
                      : null
                  }
                  fullDays={fullDays.data?.fullDays}
                  onCalendar={() => setCalendarOpened(true)}
                  onHalfDay={(on) => useCart.getState().update({ halfDay: on })}
                  onStartDate={(date) => useCart.getState().update({ startDate: date })}
                  onStartTime={(time) =>
                    useCart.getState().update({ startDate: booking.date, startTime: time })
                  }
                  onDays={(d) => useCart.getState().update({ days: d })}
                />
              </section>
              <section className="booking-step" aria-labelledby="step-riders">
                <h2 id="step-riders" className="section-title">
                  {t('booking.stepRiders')}
                </h2>
                <CartRiders
                  riders={draft.riders}
                  saved={savedRiders}
                  forAgent={forAgent}
                  onAddSaved={(profile) =>
                    useCart.getState().saveRider({
                      key: newRiderKey(),
                      profileId: profile.id,
                      name: profile.name,
                      heightCm: profile.heightCm,
                      weightKg: profile.weightKg,
                      age: profile.age,
                      ability: profile.ability,
                      bootSizeMondopoint: profile.bootSizeMondopoint,
                      bootSoleLengthMm: profile.bootSoleLengthMm,
                      stance: profile.stance,
                    })
                  }
                  onAdd={() => setEditing({ rider: null })}
                  onEdit={(rider) => setEditing({ rider })}
                  onRemove={handleRemoveRider}
                />
              </section>
              <section className="booking-step" aria-labelledby="step-gear">
                <h2 id="step-gear" className="section-title">
                  {t('booking.stepGear')}
                </h2>
                <GearSection
                  catalog={catalog.data}
                  loading={catalog.isFetching}
                  error={catalog.error}
                  wanted={wanted}
                  onRetry={() => void catalog.refetch()}
                  onChoose={(chosen) => {
                    preloadSummary();
                    setTarget(chosen);
                  }}
                />
              </section>
              <section className="booking-step" aria-labelledby="step-delivery">
                <h2 id="step-delivery" className="section-title">
                  {t('booking.stepDelivery')}
                </h2>
                <DeliverySection
                  deliveryMethod={draft.deliveryMethod}
                  deliveryAddress={draft.deliveryAddress}
                  returnMethod={draft.returnMethod}
                  returnAddress={draft.returnAddress}
                  deliveryFee={quote.data?.deliveryFee ?? feeOf(param(K.DeliveryFee))}
                  pickupFee={quote.data?.pickupFee ?? feeOf(param(K.PickupFee))}
                  deliveryPresets={presetAddresses(param(K.PresetDeliveryAddresses), i18n.language)}
                  pickupPresets={presetAddresses(param(K.PresetPickupAddresses), i18n.language)}
                  errors={addressTouched ? addressErrors : {}}
                  savedAddresses={
                    isCustomer
                      ? (field) => (
                          <Suspense fallback={null}>
                            <SavedAddressPicker {...field} />
                          </Suspense>
                        )
                      : undefined
                  }
                  onChange={(changes) => useCart.getState().update(changes)}
                />
              </section>
              <section className="booking-step" aria-labelledby="step-summary">
                <h2 id="step-summary" className="section-title">
                  {t('booking.stepSummary')}
                </h2>
                {store && (
                  <p className="summary-store">
                    {t('booking.storeHours', {
                      name: store.storeName,
                      from: store.businessHours.startTime,
                      to: store.businessHours.endTime,
                    })}
                    <br />
                    {store.contactInfo.address}
                  </p>
                )}
                {shownQuote && !quoteFresh && (
                  <p className="summary-stale" role="status">
                    {quoteWaiting ? t('booking.quoteUpdating') : t('booking.quoteStale')}
                  </p>
                )}
                <SummarySection
                  quote={shownQuote}
                  riders={draft.riders}
                  awaitsStore={forAgent}
                  agreement={
                    forAgent
                      ? undefined
                      : {
                          text: config?.systemInfo.rentalAgreement ?? '',
                          accepted: agreementAccepted,
                          error: agreementAccepted ? null : agreementError,
                          onAccept: (accepted) => {
                            setAgreementError(null);
                            useCart
                              .getState()
                              .update({ acceptedAgreement: accepted ? agreementVersion : null });
                          },
                        }
                  }
                  onRemoveLine={(i) => {
                    setShortages([]);
                    useCart.getState().removeLine(i);
                  }}
                />
                {forAgent ? (
                  <p className="summary-note">{t('agentBooking.afterSubmit')}</p>
                ) : (
                  <Suspense fallback={null}>
                    <SaveScheme
                      cart={cart}
                      isCustomer={isCustomer}
                      storeName={store.storeName}
                      quote={shownQuote?.total ?? null}
                      suggestedName={t('schemes.defaultName', {
                        store: store.storeName,
                        date: storeTime(start, 'MM-DD'),
                        days,
                      })}
                    />
                  </Suspense>
                )}
              </section>
            </>
          )}
        </div>
      </PullToRefresh>
      <ActionBar>
        <div className="booking-action-bar">
          <div className="booking-action-bar__store" aria-live="polite">
            <div>
              {shownQuote
                ? t(quoteFresh ? 'booking.totalIs' : 'booking.totalStale', {
                    amount: money(shownQuote.total),
                  })
                : store
                  ? t('booking.selectedStore', { name: store.storeName })
                  : t('booking.noStoreSelected')}
            </div>
            {store && blockers[0] && (
              <div className="booking-action-bar__why" id="booking-blocker">
                {blockers[0].reason}
              </div>
            )}
          </div>
          <Button
            color="primary"
            size="large"
            shape="rounded"
            aria-describedby={store && blockers[0] ? 'booking-blocker' : undefined}
            disabled={!store}
            loading={create.isPending || createForCustomer.isPending}
            onClick={() => void handleSubmit()}
          >
            {forAgent
              ? t('agentBooking.submit')
              : isCustomer
                ? t('booking.submit')
                : t('booking.signInAndSubmit')}
          </Button>
        </div>
      </ActionBar>
      {gearOpened && (
        <Suspense fallback={null}>
          <AddGearPopup
            target={target}
            riders={draft.riders}
            lines={draft.lines}
            wanted={wanted}
            onAdd={(line) => {
              setShortages([]);
              useCart.getState().addLine(line);
            }}
            onAddRider={() => setEditing({ rider: null })}
            onClose={() => setTarget(null)}
          />
        </Suspense>
      )}
      {riderOpened && (
        <Suspense fallback={null}>
          <RiderEditor
            visible={!!editing}
            value={editing?.rider ?? null}
            onSave={handleSaveRider}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
