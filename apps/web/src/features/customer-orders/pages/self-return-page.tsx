import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Button, Form, Input, List, Radio, Space, Tag } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { CameraOutline, CheckCircleFill, ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import {
  BusinessParameterKey,
  ReturnMethod,
  type Order,
  type OrderItem,
  type SelfReturn,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { DraftNotice } from '@/components/draft-notice';
import { ActionBar } from '@/components/layouts/action-bar';
import { PageHeader } from '@/components/page-header';
import { PrivatePhoto } from '@/components/private-photo';
import { QueryState } from '@/components/query-state';
import { money } from '@/lib/money';
import { useObjectUrls } from '@/lib/use-object-urls';
import { uploadPhoto } from '@/lib/upload-photo';
import { textError } from '@/lib/text-rules';
import { SavedAddressPicker } from '@/features/addresses';
import { playSound, SoundKind } from '@/features/audio';
import { useSession } from '@/features/auth';
import { useOrder } from '@/features/orders';
import { useScanner, extractSerialNumber } from '@/features/scanner';
import { useConfigStore, businessParameter, presetAddresses } from '@/features/system-config';
import { useSubmitSelfReturn } from '../api/my-order-actions';
import { myOrderActions } from '../utils/my-order-rules';
import {
  clearSelfReturnDraft,
  loadSelfReturnDraft,
  saveSelfReturnDraft,
  type SelfReturnDraft,
} from '../utils/self-return-draft';
import '../customer-orders.css';

/** The business type the server keeps self-return photos under (staff who check in read them). */
const PHOTO_TYPE = 'SelfReturnPhoto';

interface ItemState {
  check: 'scanned' | 'ticked' | null;
  barcode: string;
  /** The uploaded photo; `preview` is this visit's own copy (none for one kept from before). */
  photo: { id: string; preview: string | null; expiresAt: string | null } | null;
  uploading: boolean;
  /** The last photo upload failed (cleared by the next try). */
  error: string | null;
}

const BLANK_ITEM: ItemState = {
  check: null,
  barcode: '',
  photo: null,
  uploading: false,
  error: null,
};

/**
 * /customer/self-return/:id: the customer hands the gear back without queueing. Each item is
 * checked by scanning its label (or ticked when there is no camera) and photographed; the gear is
 * dropped at the store or picked up from an address (the store's pickup fee comes out of the
 * deposit). The store then checks each item in and the deposit settles by itself. What was
 * done is kept 24 hours on this phone (photos by their upload, not the picture), until handed in.
 */
export default function SelfReturnPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useOrder(id);
  return (
    <div className="self-return">
      <PageHeader title={t('routes.selfReturn')} backTo={Paths.customerOrderDetail(id)} />
      <QueryState query={query} lines={10}>
        {(order) =>
          myOrderActions(order).selfReturn ? (
            <SelfReturnForm order={order} />
          ) : (
            <Navigate to={Paths.customerOrderDetail(order.id)} replace />
          )
        }
      </QueryState>
    </div>
  );
}

function SelfReturnForm({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const config = useConfigStore((s) => s.config);
  const store = config?.storeConfigs[order.storeId];
  const { scan, scanning } = useScanner();
  const submit = useSubmitSelfReturn();
  const objectUrl = useObjectUrls();
  const userId = useSession((s) => s.user?.id ?? '');
  const out = order.items.filter((i) => i.equipmentId && !i.returnState);
  const blankItems = () =>
    Object.fromEntries(out.map((i) => [i.id, BLANK_ITEM])) as Record<string, ItemState>;
  const [restored] = useState(() => loadSelfReturnDraft(userId, order.id));
  const [items, setItems] = useState(() => {
    const blank = blankItems();
    for (const item of out) {
      const kept = restored?.items[item.id];
      if (kept)
        blank[item.id] = {
          ...BLANK_ITEM,
          ...kept,
          photo: kept.photo && { ...kept.photo, preview: null },
        };
    }
    return blank;
  });
  const [scanNote, setScanNote] = useState<string | null>(null);
  const [method, setMethod] = useState<string>(restored?.method || order.returnMethod);
  const [address, setAddress] = useState(restored ? restored.address : order.returnAddress);
  // Once the customer has tried to hand in, what is missing is said beside it, worked out from
  // what is there now: each message goes as soon as its cause is fixed.
  const [attempted, setAttempted] = useState(false);
  // The form's own 'something is missing' is for the return as it was when tried; any change
  // retires it (the messages beside the items still say what is left).
  const [incompleteFor, setIncompleteFor] = useState<string | null>(null);
  // The server's refusal, for the return as it was sent (`draft` below); any change retires it.
  const [refused, setRefused] = useState<{ message: string; for: string } | null>(null);

  const pickupFee = Number(
    businessParameter(config, order.storeId, BusinessParameterKey.PickupFee) ?? 0,
  );
  const presets = presetAddresses(
    businessParameter(config, order.storeId, BusinessParameterKey.PresetPickupAddresses),
    i18n.language,
  );
  const addsFee = method === ReturnMethod.Pickup && order.returnMethod !== ReturnMethod.Pickup;
  const update = (itemId: string, change: Partial<ItemState>) =>
    setItems((prev) => ({ ...prev, [itemId]: { ...prev[itemId]!, ...change } }));
  const done = out.filter((i) => items[i.id]?.check && items[i.id]?.photo).length;
  const pickup = method === ReturnMethod.Pickup;
  const missingOf = (item: OrderItem) =>
    !items[item.id]?.check
      ? t('selfReturn.checkFirst')
      : !items[item.id]?.photo
        ? t('selfReturn.photoFirst')
        : null;
  const addressError =
    attempted && pickup
      ? textError(t, address, { required: t('selfReturn.addressRequired') })
      : null;
  const incomplete = out.some((i) => missingOf(i)) || !!addressError;

  // The draft: each item's check and photo id, and how the gear comes back.
  const draft: SelfReturnDraft = {
    items: Object.fromEntries(
      out.map((i) => {
        const { check, barcode, photo } = items[i.id]!;
        return [
          i.id,
          { check, barcode, photo: photo && { id: photo.id, expiresAt: photo.expiresAt } },
        ];
      }),
    ),
    method,
    address,
  };
  const untouched = (d: SelfReturnDraft) =>
    Object.values(d.items).every((i) => !i.check && !i.photo) &&
    d.method === order.returnMethod &&
    d.address === order.returnAddress;
  const [showRestored, setShowRestored] = useState(() => !untouched(draft));
  const kept = JSON.stringify(draft);
  const formError =
    attempted && incomplete && incompleteFor === kept
      ? t('selfReturn.incomplete')
      : refused?.for === kept
        ? refused.message
        : null;
  const lastKept = useRef<string | null>(null);
  useEffect(() => {
    // Opening the page is no change: a draft keeps the time it was last changed.
    if (lastKept.current === null || lastKept.current === kept) {
      lastKept.current = kept;
      return;
    }
    lastKept.current = kept;
    if (untouched(draft)) clearSelfReturnDraft(userId, order.id);
    else saveSelfReturnDraft(userId, order.id, draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved when what is kept changes
  }, [kept]);

  const handleStartOver = () => {
    setItems(blankItems());
    setMethod(order.returnMethod);
    setAddress(order.returnAddress);
    setAttempted(false);
    setIncompleteFor(null);
    setRefused(null);
    setScanNote(null);
    setShowRestored(false);
    clearSelfReturnDraft(userId, order.id);
  };

  const handleScan = async () => {
    setScanNote(null);
    const itemOf = (text: string) => {
      const code = extractSerialNumber(text).toUpperCase();
      return { code, item: out.find((i) => (i.barcodeNumber ?? '').toUpperCase() === code) };
    };
    // The scanner stays open past a label of another order or one already scanned, so the
    // customer moves on to the next item without tapping again.
    const result = await scan({
      title: t('selfReturn.scanTitle'),
      validator: (text) => {
        const { code, item } = itemOf(text);
        if (!item) return t('selfReturn.notThisOrder', { code });
        if (items[item.id]?.check === 'scanned') {
          return t('selfReturn.alreadyScanned', { name: item.equipmentName });
        }
        return true;
      },
    });
    if (!result) return;
    const { code, item } = itemOf(result.text);
    if (!item) return;
    update(item.id, { check: 'scanned', barcode: item.barcodeNumber ?? code });
    setScanNote(t('selfReturn.scanned', { name: item.equipmentName }));
  };

  const handlePhoto = async (item: OrderItem, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    update(item.id, { uploading: true, error: null });
    try {
      const { info, preview } = await uploadPhoto(file, PHOTO_TYPE);
      update(item.id, {
        uploading: false,
        photo: { id: info.id, preview: objectUrl(preview), expiresAt: info.expiresAt },
      });
    } catch (err) {
      update(item.id, {
        uploading: false,
        error: t('selfReturn.photoFailed', {
          reason: err instanceof Error ? err.message : String(err),
        }),
      });
    }
  };

  const handleSubmit = async () => {
    setAttempted(true);
    setIncompleteFor(kept);
    const addressProblem = pickup
      ? textError(t, address, { required: t('selfReturn.addressRequired') })
      : null;
    if (out.some((i) => missingOf(i)) || addressProblem) return;
    const ok = await Dialog.confirm({
      title: t('selfReturn.confirmTitle'),
      content: pickup
        ? t('selfReturn.confirmPickup', { address: address.trim() })
        : t('selfReturn.confirmDrop', { store: order.storeName }),
      confirmText: t('selfReturn.submit'),
      cancelText: t('myOrders.back'),
    });
    if (!ok) return;
    const input: SelfReturn = {
      items: out.map((i) => {
        const state = items[i.id]!;
        return {
          orderItemId: i.id,
          check: state.check!,
          barcode: state.check === 'scanned' ? state.barcode : '',
          photoFileId: state.photo!.id,
        };
      }),
      returnMethod: pickup ? ReturnMethod.Pickup : ReturnMethod.SelfReturn,
      returnAddress: pickup ? address.trim() : '',
    };
    try {
      await submit.mutateAsync({ id: order.id, input });
      clearSelfReturnDraft(userId, order.id);
      playSound(SoundKind.success);
      void navigate(Paths.customerOrderDetail(order.id), { replace: true });
    } catch (err) {
      playSound(SoundKind.error);
      setRefused({ message: err instanceof Error ? err.message : String(err), for: kept });
    }
  };

  return (
    <>
      {showRestored && (
        <DraftNotice onStartOver={handleStartOver} onDismiss={() => setShowRestored(false)} />
      )}
      <section className="page-body self-return__intro">
        <p>{t('selfReturn.intro')}</p>
        <p className="self-return__progress" aria-live="polite">
          {t('selfReturn.progress', { done, total: out.length })}
        </p>
        <Button
          block
          size="large"
          color="primary"
          loading={scanning}
          onClick={() => void handleScan()}
        >
          <ScanningOutline aria-hidden /> {t('selfReturn.scan')}
        </Button>
        {scanNote && (
          <p className="self-return__note" role="status">
            {scanNote}
          </p>
        )}
      </section>

      <List header={t('selfReturn.items', { count: out.length })}>
        {out.map((item) => {
          const state = items[item.id]!;
          const inputId = `self-return-photo-${item.id}`;
          const error = state.error ?? (attempted ? missingOf(item) : null);
          return (
            <List.Item
              key={item.id}
              className="self-return__item"
              description={
                <div className="self-return__item-body">
                  <span>{[item.sizeLabel, item.barcodeNumber].filter(Boolean).join(' · ')}</span>
                  <Space wrap>
                    {state.check ? (
                      <Tag color="success" className="self-return__tag">
                        <CheckCircleFill aria-hidden />{' '}
                        {state.check === 'scanned'
                          ? t('selfReturn.checkScanned')
                          : t('selfReturn.checkTicked')}
                      </Tag>
                    ) : (
                      <Button
                        size="middle"
                        fill="outline"
                        onClick={() => update(item.id, { check: 'ticked' })}
                        aria-label={t('selfReturn.tickFor', { name: item.equipmentName })}
                      >
                        {t('selfReturn.tick')}
                      </Button>
                    )}
                    <label htmlFor={inputId} className="self-return__photo-button">
                      <CameraOutline aria-hidden />{' '}
                      {state.uploading
                        ? t('selfReturn.uploading')
                        : state.photo
                          ? t('selfReturn.retake')
                          : t('selfReturn.photo')}
                    </label>
                    <input
                      id={inputId}
                      type="file"
                      accept="image/*"
                      capture="environment"
                      className="self-return__file"
                      aria-label={t('selfReturn.photoFor', { name: item.equipmentName })}
                      disabled={state.uploading}
                      onChange={(e) => void handlePhoto(item, e)}
                    />
                    {state.photo?.preview ? (
                      <img
                        src={state.photo.preview}
                        alt={t('selfReturn.photoOf', { name: item.equipmentName })}
                        className="self-return__thumb"
                      />
                    ) : (
                      state.photo && (
                        <PrivatePhoto fileId={state.photo.id} alt={item.equipmentName} />
                      )
                    )}
                  </Space>
                  {error && (
                    <span className="form-error" role="alert">
                      {error}
                    </span>
                  )}
                </div>
              }
            >
              {item.equipmentName}
            </List.Item>
          );
        })}
      </List>

      <List header={t('selfReturn.how')}>
        <List.Item>
          <Radio.Group value={method} onChange={(v) => setMethod(String(v))}>
            <Space direction="vertical" block>
              <Radio value={ReturnMethod.SelfReturn} className="self-return__radio">
                {t('selfReturn.drop', { store: order.storeName })}
                {store?.contactInfo.address && (
                  <small className="self-return__hint">{store.contactInfo.address}</small>
                )}
              </Radio>
              <Radio value={ReturnMethod.Pickup} className="self-return__radio">
                {addsFee && pickupFee > 0
                  ? t('selfReturn.pickupFee', { fee: money(pickupFee) })
                  : t('selfReturn.pickup')}
              </Radio>
            </Space>
          </Radio.Group>
        </List.Item>
        {method === ReturnMethod.Pickup && (
          <Form.Item
            label={t('selfReturn.address')}
            help={addsFee && pickupFee > 0 ? t('selfReturn.feeFromDeposit') : undefined}
            description={
              addressError ? (
                <span className="form-error" role="alert">
                  {addressError}
                </span>
              ) : undefined
            }
          >
            <Input
              value={address}
              maxLength={200}
              clearable
              placeholder={t('selfReturn.addressPlaceholder')}
              onChange={setAddress}
            />
            <SavedAddressPicker id="self-return-address" value={address} onChange={setAddress} />
            {presets.length > 0 && (
              <Space wrap className="self-return__presets">
                {presets.map((preset) => (
                  <Button
                    key={preset.address}
                    size="small"
                    onClick={() => setAddress(preset.address)}
                  >
                    {preset.label}
                  </Button>
                ))}
              </Space>
            )}
          </Form.Item>
        )}
        {order.returnMethod === ReturnMethod.Pickup && method !== ReturnMethod.Pickup && (
          <List.Item>
            <small className="self-return__hint">{t('selfReturn.pickupFeeKept')}</small>
          </List.Item>
        )}
      </List>

      <ActionBar>
        <div className="self-return__actions">
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <Button
            block
            size="large"
            color="primary"
            loading={submit.isPending}
            onClick={() => void handleSubmit()}
          >
            {t('selfReturn.submit')}
          </Button>
        </div>
      </ActionBar>
    </>
  );
}
