import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Form } from 'antd-mobile';
import { Notice } from '@/components/notice';
import { storeTime } from '@/lib/store-clock';
import { useTranslation } from 'react-i18next';
import {
  BusinessParameterKey,
  counterSignatureRequired,
  DeliveryMethod,
  ErrorCode,
  MoneyApprovalKind,
  RoleName,
  ORDER_REMARKS_MAX,
  ReturnMethod,
  type Equipment,
  type OrderCreate,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { DraftNotice } from '@/components/draft-notice';
import { ResumeDraft } from '../components/resume-draft';
import { ActionBar } from '@/components/layouts/action-bar';
import { PageHeader } from '@/components/page-header';
import { revealFirstError } from '@/lib/reveal-first-error';
import { WorkingStoreBar, useWorkingStore, StoreSelector } from '@/features/stores';
import { ApiError } from '@/lib/api-errors';
import { useNow } from '@/lib/use-now';
import { useAppStore } from '@/features/app-state';
import { playSound, SoundKind } from '@/features/audio';
import { FormError } from '@/components/form-error';
import { deliveryWindowEnd, nextDeliveryWindow, nextOpening } from '../utils/counter-times';
import { useSession } from '@/features/auth';
import {
  useConfigStore,
  businessParameter,
  DEFAULT_BUSINESS_TIME_ZONE,
  defaultRentalDays,
  halfDayWindow,
  defaultRentalStart,
  presetAddresses,
  rentalEnd,
} from '@/features/system-config';
import {
  OrderConflictError,
  useCreateOrder,
  type OrderConflict,
  type OrderToCreate,
} from '../api/order-create';
import { isNoAnswer, useOrderCreatedOffline } from '@/features/offline';
import { OrderCreateBooking } from '../components/order-create-booking';
import { OrderCreateDetails } from '../components/order-create-details';
import { OrderCreateFees } from '../components/order-create-fees';
import { useCounterQuote, useSameGearQuote } from '../api/counter-quote';
import { OrderCreateGear } from '../components/order-create-gear';
import { useLineAvailability } from '../api/item-availability';
import { handOverAtCreate, refusalsOf, type LineRefusals } from '../utils/order-create-scan';
import { OrderCreateRiders } from '../components/order-create-riders';
import { CounterSignatureCard } from '../components/counter-signature';
import { agreementOf, signedAgreement, type CounterSignature } from '../api/counter-signature';
import { lineForNext } from '../utils/order-riders';
import { computeOrderFees, feeParameter, staffDiscountLimit } from '../utils/order-create-fees';
import { isUnlimited } from '../api/money-approvals';
import { ApprovalSheet, type ApprovalWay } from '../components/approval-sheet';
import {
  EMPTY_DRAFT,
  cleanDiscount,
  clearOrderDraft,
  fieldErrors,
  isDraftEmpty,
  lineOf,
  loadOrderDraft,
  saveOrderDraft,
  toOrderInput,
  validateOrderInput,
  type OrderCreateDraft,
  type OrderCreateErrors,
  type OrderCreateField,
} from '../utils/order-create-form';
import { money } from '@/lib/money';
import { LabelledTextArea } from '@/components/labelled-text-area';

const K = BusinessParameterKey;

/** Editing a draft field clears the problem shown for it. */
const FIELD_OF_KEY: Partial<Record<keyof OrderCreateDraft, OrderCreateField>> = {
  customerName: 'customerName',
  customerPhone: 'customerPhone',
  start: 'rentalStartTime',
  days: 'rentalStartTime',
  deliveryMethod: 'deliveryAddress',
  deliveryAddress: 'deliveryAddress',
  returnMethod: 'returnAddress',
  returnAddress: 'returnAddress',
  discount: 'discount',
  // A free order takes no discount: its discount's problem goes with it.
  orderType: 'discount',
  remarks: 'remarks',
  items: 'items',
};

/**
 * /store/orders/create: a counter order. Customer, type, rental window, delivery and return,
 * gear by scan or search, and the price before it is sent; the draft is kept 24 hours.
 *
 * `?orderNumber=` comes from a customer's booking QR code (spec §2). We read it as "this customer
 * already booked": when the order exists it is shown with a way to its detail page, where it is
 * handled, instead of creating a second order for the same booking; when it does not, the page
 * says so and a new order can be made.
 */
export default function OrderCreatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNumber = params.get('orderNumber')?.trim() || null;
  // Staff work for their own store; a super admin for the store they chose (the bar says which).
  const { storeId } = useWorkingStore();
  // The page stays alive after an order is made: a new round starts with a fresh form.
  const [round, setRound] = useState(0);

  const form = storeId ? (
    <OrderCreateForm key={round} storeId={storeId} onCreated={() => setRound((r) => r + 1)} />
  ) : (
    <div className="page-body">
      <StoreSelector />
    </div>
  );
  return (
    <div className="order-create">
      <PageHeader title={t('orderCreate.title')} backTo={Paths.storeOrderList} />
      <WorkingStoreBar />
      {orderNumber ? (
        <OrderCreateBooking orderNumber={orderNumber}>{form}</OrderCreateBooking>
      ) : (
        form
      )}
    </div>
  );
}

function OrderCreateForm({ storeId, onCreated }: { storeId: string; onCreated: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id ?? '');
  const roles = useSession((s) => s.roles);
  // A super admin may record a rental that already happened; nobody else backdates an order.
  const mayBackdate = roles.includes(RoleName.SuperAdmin);
  const config = useConfigStore((s) => s.config);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const create = useCreateOrder();
  useOrderCreatedOffline(onCreated);
  const now = useNow(30_000);
  const root = useRef<HTMLDivElement>(null);
  const [restored] = useState(() => loadOrderDraft(userId));
  const [draft, setDraft] = useState<OrderCreateDraft>(restored ?? EMPTY_DRAFT);
  const [showRestored, setShowRestored] = useState(!!restored);
  // An unsent order of an earlier customer (someone named, or gear on it): the clerk chooses
  // first (resume-draft.tsx). A draft of only a start time or length is nobody's yet.
  const [choosing, setChoosing] = useState(
    !!restored &&
      (restored.items.length > 0 ||
        !!restored.customerName.trim() ||
        !!restored.customerPhone.trim()),
  );
  const [errors, setErrors] = useState<OrderCreateErrors>({});
  const [conflict, setConflict] = useState<(OrderConflict & { message: string }) | null>(null);
  // The lines the server refused at submit, each with why (until removed or the window changes).
  const [submitRefusals, setSubmitRefusals] = useState<LineRefusals>(new Map());
  const [formError, setFormError] = useState<string | null>(null);
  // A discount beyond the clerk's limit waits for a manager here (approval-sheet.tsx).
  const [approvalOpen, setApprovalOpen] = useState(false);
  const [approvalError, setApprovalError] = useState<string | null>(null);
  // The customer's signature under the agreement (not kept in the draft: a drawing, not text).
  const [signature, setSignature] = useState<CounterSignature | null>(null);
  const [signatureError, setSignatureError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  // Saved at each change; opening the page is none (a draft keeps the time it was changed).
  const keptDraft = useRef(draft);
  useEffect(() => {
    if (draft === keptDraft.current) return;
    keptDraft.current = draft;
    if (isDraftEmpty(draft)) clearOrderDraft(userId);
    else saveOrderDraft(userId, draft);
  }, [draft, userId]);

  const param = (key: string) => businessParameter(config, storeId, key);
  const storeHours = config?.storeConfigs[storeId]?.businessHours;
  const delivery = draft.deliveryMethod === DeliveryMethod.Delivery;
  // A delivery starts, by default, in the store's next delivery window, as a customer's booking
  // does: never ten minutes from now, after closing.
  const start = draft.start
    ? new Date(draft.start)
    : delivery && storeHours
      ? nextDeliveryWindow(now, param(K.NextDayThreshold), storeHours, DEFAULT_BUSINESS_TIME_ZONE)
      : defaultRentalStart(now, param(K.NextDayThreshold), DEFAULT_BUSINESS_TIME_ZONE);
  const windowEnd =
    delivery && storeHours
      ? deliveryWindowEnd(start, storeHours, DEFAULT_BUSINESS_TIME_ZONE)
      : null;
  // Only the afternoon, back by closing (docs/pricing.md), where the start allows it.
  const afternoon = halfDayWindow(
    start,
    param(K.HalfDayFrom),
    config?.storeConfigs[storeId]?.businessHours.endTime ?? '23:59',
    DEFAULT_BUSINESS_TIME_ZONE,
  );
  const halfDay = !!draft.halfDay && afternoon.possible;
  // The store is shut now (已打烊, or its rest day): an order starting before it opens is said,
  // with the opening one tap away (a clerk after hours may still hand gear out now).
  const opensAt = storeHours ? nextOpening(now, storeHours, DEFAULT_BUSINESS_TIME_ZONE) : null;
  const startsWhileClosed = !!opensAt && start < opensAt;
  const days = halfDay ? 1 : (draft.days ?? defaultRentalDays(param(K.DefaultRentalDays)));
  const deliveryFee = feeParameter(param(K.DeliveryFee));
  const pickupFee = feeParameter(param(K.PickupFee));
  const end = halfDay ? afternoon.end : rentalEnd(start, days);
  const window = { storeId, start, days, end };
  /** The order as it stands; the server prices its rent, and a manager is asked about it. */
  const orderInput = toOrderInput(draft, window);
  const quoteRequest =
    draft.items.length > 0
      ? {
          storeId,
          rentalStartTime: orderInput.rentalStartTime,
          rentalEndTime: orderInput.rentalEndTime,
          items: orderInput.items,
          ...(orderInput.riders ? { riders: orderInput.riders } : {}),
        }
      : null;
  const quote = useCounterQuote(quoteRequest);
  const priced = quote.data?.lines.length === draft.items.length ? quote.data : null;
  // Deposits and packs hold whatever the days: offline, the last quote of this gear says them.
  const sameGear = useSameGearQuote(quoteRequest, quote.data);
  const held = priced ?? sameGear;
  const fees = computeOrderFees({
    // The server's rent and deposit (a card's, a pack's share) once quoted; the gear's own until then.
    lines: draft.items.map((line, i) => ({
      ...line,
      rent: priced?.lines[i]?.rent,
      deposit: held?.lines[i]?.deposit ?? line.deposit,
    })),
    days,
    orderType: draft.orderType,
    deliveryFee: draft.deliveryMethod === DeliveryMethod.Delivery ? deliveryFee : 0,
    pickupFee: draft.returnMethod === ReturnMethod.Pickup ? pickupFee : 0,
    discount: Number(draft.discount) || 0,
  });
  const discountLimit =
    fees.free || isUnlimited(roles)
      ? null
      : staffDiscountLimit(fees.rent, param(K.MaxStaffDiscountPercent));
  const asked = Number(draft.discount) || 0;
  // Every line asked about again whenever the window changes (a scan asks at once).
  const checked = useLineAvailability(draft.items, {
    storeId,
    from: start.toISOString(),
    to: end.toISOString(),
  });
  const refused = refusalsOf(checked, submitRefusals);
  const handOver = handOverAtCreate(draft, start, now);
  // Nothing to sign while the business has no agreement text (the server says the same).
  const signatureRequired =
    !!config?.systemInfo.rentalAgreement?.trim() &&
    counterSignatureRequired(param(K.CounterSignatureRequired));
  const agreementVersion = config?.systemInfo.rentalAgreementVersion ?? '';
  const signed = signature?.version === agreementVersion ? signature : null;

  const clearProblems = (keys: (keyof OrderCreateDraft)[]) => {
    setErrors((e) => {
      const next = { ...e };
      for (const key of keys) {
        const field = FIELD_OF_KEY[key];
        if (field) delete next[field];
      }
      return next;
    });
    if (keys.some((k) => k === 'items' || k === 'start' || k === 'days' || k === 'halfDay'))
      setConflict(null);
    if (keys.some((k) => k === 'start' || k === 'days' || k === 'halfDay'))
      setSubmitRefusals(new Map());
    setFormError(null);
  };
  const update = (patch: Partial<OrderCreateDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    clearProblems(Object.keys(patch) as (keyof OrderCreateDraft)[]);
  };
  // Lines change from the latest draft: scans finish in any order.
  const handleAdd = (gear: Equipment, scanned: boolean) => {
    setDraft((d) =>
      d.items.some((i) => i.equipmentId === gear.id)
        ? d
        : (() => {
            const next = lineForNext(d, lineOf(gear, scanned));
            return { ...d, items: [...d.items, next.line], activeRider: next.activeRider };
          })(),
    );
    clearProblems(['items']);
  };
  const handleRemove = (equipmentId: string) => {
    setDraft((d) => ({ ...d, items: d.items.filter((i) => i.equipmentId !== equipmentId) }));
    // The removed line's refusal goes with it; the others' stay until they are fixed too.
    setSubmitRefusals((r) => {
      const next = new Map(r);
      next.delete(equipmentId);
      return next;
    });
    clearProblems(['items']);
  };

  /** Brings the first problem into view (the form is longer than a phone screen). */
  const showProblem = () => revealFirstError(root.current);

  const handleSubmit = () => {
    setConflict(null);
    const input = toOrderInput(draft, window);
    const found = validateOrderInput(input, now.getTime(), mayBackdate);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      playSound(SoundKind.error);
      setFormError(t('orderCreate.fixErrors'));
      showProblem();
      return;
    }
    if (refused.size > 0) {
      playSound(SoundKind.error);
      setFormError(t('counterScan.blocked', { count: refused.size }));
      showProblem();
      return;
    }
    setFormError(null);
    if (signatureRequired && !signed) {
      playSound(SoundKind.error);
      setSignatureError(t('counterPeople.missing'));
      setFormError(t('counterPeople.missing'));
      showProblem();
      return;
    }
    if (fees.aboveRent) {
      playSound(SoundKind.error);
      setFormError(t('orderCreate.fixErrors'));
      showProblem();
      return;
    }
    // Beyond the clerk's limit: a manager approves first, instead of a refusal at submit.
    if (discountLimit && asked > discountLimit.amount) {
      setApprovalError(null);
      setApprovalOpen(true);
      return;
    }
    send(input);
  };

  /** What a manager on their phone is asked about: the order as it stands (the server prices it). */
  const approvalDraft = {
    customerName: orderInput.customerName,
    rentalStartTime: orderInput.rentalStartTime,
    rentalEndTime: orderInput.rentalEndTime,
    items: orderInput.items,
    ...(orderInput.riders ? { riders: orderInput.riders } : {}),
  };

  const handleApproved = (way: ApprovalWay) => {
    setConflict(null);
    setApprovalError(null);
    send({ ...toOrderInput(draft, window), ...way }, true);
  };

  /**
   * The order with the customer's signature under the agreement, uploaded first (null: failed).
   * Without network the signature goes with the order into the offline queue, uploaded there
   * before the order is sent (api/order-create.ts).
   */
  const withSignature = async (input: OrderCreate): Promise<OrderToCreate | null> => {
    if (!signed) return { input };
    if (signed.fileId)
      return { input: { ...input, agreement: agreementOf(signed, signed.fileId) } };
    if (navigator.onLine === false) return { input, signature: signed };
    setUploading(true);
    try {
      const agreement = await signedAgreement(signed);
      // A second try of the order (a conflict, no answer) sends the same file.
      setSignature({ ...signed, fileId: agreement.signatureFileId });
      return { input: { ...input, agreement } };
    } catch (err) {
      if (isNoAnswer(err)) return { input, signature: signed };
      playSound(SoundKind.error);
      setFormError(
        t('counterPeople.uploadFailed', { message: err instanceof Error ? err.message : '' }),
      );
      return null;
    } finally {
      setUploading(false);
    }
  };

  /** Sends the order; `approved` when it carries a manager's approval (the sheet shows refusals). */
  const send = (input: OrderCreate, approved = false) => {
    void withSignature(input).then((ready) => ready && post(ready, approved));
  };
  const post = (order: OrderToCreate, approved: boolean) => {
    create.mutate(order, {
      onSuccess: (outcome) => {
        setApprovalOpen(false);
        playSound(SoundKind.success);
        // Kept offline: the draft stays until the order exists (utils/queued-order.ts).
        if (outcome.queued) return showSuccess(t('offlineWork.orderQueued'));
        const order = outcome.result;
        clearOrderDraft(userId);
        showSuccess(t('orderCreate.created', { number: order.orderNumber }));
        void navigate(Paths.storeOrderDetail(order.id), { replace: true });
        onCreated();
      },
      onError: (err) => {
        playSound(SoundKind.error);
        if (err instanceof ApiError && err.code === ErrorCode.ManagerApprovalRequired) {
          // The store's limit is stricter than this page knew: a manager approves after all.
          setApprovalError(approved ? err.message : null);
          setApprovalOpen(true);
          return;
        }
        if (approved && err instanceof ApiError && err.status !== undefined) {
          // Wrong password, not a manager, an approval not usable: fixed in the sheet.
          setApprovalError(err.message);
          return;
        }
        setApprovalOpen(false);
        if (err instanceof OrderConflictError && err.conflicts.length > 0) {
          // Every refused item at once, each on its line.
          setSubmitRefusals(new Map(err.conflicts.map((c) => [c.equipmentId, c])));
          setFormError(t('counterScan.blocked', { count: err.conflicts.length }));
        } else if (err instanceof OrderConflictError) {
          setConflict({ ...err.conflict, message: err.message });
        } else if (err instanceof ApiError && err.status === 400 && err.validationErrors?.length) {
          const byField = fieldErrors(
            err.validationErrors.flatMap((v) =>
              v.members.map((path) => ({ message: v.message, path })),
            ),
          );
          setErrors(byField);
          setFormError(Object.keys(byField).length > 0 ? t('orderCreate.fixErrors') : err.message);
        } else if (err instanceof ApiError && err.status === undefined) {
          // No answer: the order may exist already (a retry of the same gear would be refused).
          setFormError(`${err.message}\n${t('orderCreate.networkHint')}`);
        } else {
          setFormError(err.message);
        }
        showProblem();
      },
    });
  };

  const problem = (field: OrderCreateField) =>
    errors[field] ? t(`orderCreate.errors.${errors[field]}`) : undefined;

  const handleStartOver = () => {
    setDraft(EMPTY_DRAFT);
    setErrors({});
    setConflict(null);
    setSubmitRefusals(new Map());
    setFormError(null);
    setShowRestored(false);
    setSignature(null);
  };

  if (choosing && restored) {
    return (
      <div ref={root} className="order-create__body">
        <ResumeDraft
          draft={restored}
          onResume={() => setChoosing(false)}
          onBlank={() => {
            setChoosing(false);
            handleStartOver();
          }}
        />
      </div>
    );
  }

  return (
    <div ref={root} className="order-create__body">
      {showRestored && (
        <DraftNotice onStartOver={handleStartOver} onDismiss={() => setShowRestored(false)} />
      )}
      {startsWhileClosed && storeHours && opensAt && (
        <Notice
          tone="alert"
          actions={
            <Button
              size="small"
              fill="none"
              color="primary"
              onClick={() => update({ start: opensAt.toISOString() })}
            >
              {t('orderCreate.closed.startAtOpening', {
                time: storeTime(opensAt.toISOString(), 'MM-DD HH:mm'),
              })}
            </Button>
          }
        >
          {t('orderCreate.closed.text', {
            hours: `${storeHours.startTime}–${storeHours.endTime}`,
          })}
        </Notice>
      )}
      <OrderCreateDetails
        draft={draft}
        errors={errors}
        start={start}
        windowEnd={windowEnd}
        days={days}
        end={end}
        halfDay={
          held?.halfDayFrom || halfDay
            ? { from: afternoon.from, possible: afternoon.possible, on: halfDay }
            : null
        }
        now={now}
        mayBackdate={mayBackdate}
        deliveryFee={deliveryFee}
        pickupFee={pickupFee}
        deliveryPresets={presetAddresses(param(K.PresetDeliveryAddresses), i18n.language)}
        pickupPresets={presetAddresses(param(K.PresetPickupAddresses), i18n.language)}
        onChange={update}
      />
      <OrderCreateGear
        storeId={storeId}
        items={draft.items}
        availableFrom={start.toISOString()}
        availableTo={end.toISOString()}
        error={problem('items')}
        conflict={conflict}
        refused={refused}
        handOver={handOver}
        onAdd={handleAdd}
        onRemove={handleRemove}
        priced={held?.lines}
      />
      <OrderCreateRiders draft={draft} storeId={storeId} onChange={update} />
      <OrderCreateFees
        fees={fees}
        explanations={priced?.lines.map((l) => l.explanation)}
        orderType={draft.orderType}
        discount={draft.discount}
        discountError={problem('discount')}
        limit={discountLimit}
        discountReason={draft.discountReason}
        onDiscountChange={(v) => update({ discount: cleanDiscount(v, draft.discount) })}
        onDiscountReasonChange={(discountReason) => update({ discountReason })}
      />
      {discountLimit && (
        <ApprovalSheet
          visible={approvalOpen}
          storeId={storeId}
          draft={approvalDraft}
          kind={MoneyApprovalKind.Discount}
          amount={asked}
          base={fees.rent}
          limit={discountLimit.amount}
          percent={discountLimit.percent}
          initialReason={draft.discountReason}
          busy={create.isPending}
          error={approvalError}
          onClose={() => setApprovalOpen(false)}
          onApproved={handleApproved}
        />
      )}
      <CounterSignatureCard
        required={signatureRequired}
        signature={signed}
        error={signatureError}
        onChange={(next) => {
          setSignature(next);
          setSignatureError(null);
          setFormError(null);
        }}
      />
      <Form layout="vertical" className="order-create__form">
        <Form.Item label={t('orderCreate.remarks')} description={problem('remarks')}>
          <LabelledTextArea
            label={t('orderCreate.remarks')}
            placeholder={t('orderCreate.remarksPlaceholder')}
            value={draft.remarks}
            maxLength={ORDER_REMARKS_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(remarks) => update({ remarks })}
          />
        </Form.Item>
      </Form>
      <div className="order-create__form-error">
        <FormError message={formError} />
      </div>
      <ActionBar>
        <div className="order-create__submit">
          <Button
            block
            color="primary"
            size="large"
            loading={create.isPending || uploading}
            onClick={handleSubmit}
          >
            {t('orderCreate.submit', { amount: money(fees.total) })}
          </Button>
        </div>
      </ActionBar>
    </div>
  );
}
