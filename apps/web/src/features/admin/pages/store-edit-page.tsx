import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Input, Selector, Switch, type InputRef } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { LocationOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { StoreSaveSchema, type StoreAdmin, type StoreSave } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { FormField, fieldErrorId } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { draftErrors, otherErrors, serverErrors, type FieldErrors } from '@/lib/field-errors';
import { revealFirstError } from '@/lib/reveal-first-error';
import { useFieldAria } from '@/lib/use-field-aria';
import { useAdminStore, useSaveStore } from '../api/stores';
import { NoEnglishTag } from '../components/no-english-tag';
import { inLanguage } from '@/components/two-languages';

const ERRORS = 'admin.errors';

interface Draft {
  code: string;
  name: string;
  nameEn: string;
  phone: string;
  address: string;
  addressEn: string;
  latitude: string;
  longitude: string;
  openTime: string;
  closeTime: string;
  restDays: number[];
  sortOrder: string;
  isActive: boolean;
}

const EMPTY: Draft = {
  code: '',
  name: '',
  nameEn: '',
  phone: '',
  address: '',
  addressEn: '',
  latitude: '',
  longitude: '',
  openTime: '08:00',
  closeTime: '17:00',
  restDays: [],
  sortOrder: '0',
  isActive: true,
};

function draftOf(store: StoreAdmin): Draft {
  return {
    code: store.code,
    name: store.name,
    nameEn: store.nameEn,
    phone: store.phone,
    address: store.address,
    addressEn: store.addressEn,
    latitude: store.latitude === null ? '' : String(store.latitude),
    longitude: store.longitude === null ? '' : String(store.longitude),
    openTime: store.openTime,
    closeTime: store.closeTime,
    restDays: store.restDays,
    sortOrder: String(store.sortOrder),
    isActive: store.isActive,
  };
}

/** The draft as the server takes it (a number field left empty is no location). */
function toInput(d: Draft): StoreSave {
  const coordinate = (v: string) => (v.trim() === '' ? null : Number(v));
  return {
    code: d.code,
    name: d.name,
    nameEn: d.nameEn,
    phone: d.phone,
    address: d.address,
    addressEn: d.addressEn,
    latitude: coordinate(d.latitude),
    longitude: coordinate(d.longitude),
    openTime: d.openTime,
    closeTime: d.closeTime,
    restDays: d.restDays,
    sortOrder: Number(d.sortOrder) || 0,
    isActive: d.isActive,
  };
}

/** /store/admin/stores/:id ('new' to open one): a store's name, contact, place, hours, state. */
export default function StoreEditPage() {
  const { t, i18n } = useTranslation();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const store = useAdminStore(isNew ? null : id);
  return (
    <div className="admin-page">
      <PageHeader
        title={
          isNew
            ? t('admin.store.newTitle')
            : store.data
              ? inLanguage(i18n.language, store.data.name, store.data.nameEn)
              : t('routes.adminStore')
        }
        backTo={Paths.adminStores}
      />
      {isNew ? (
        <StoreForm initial={EMPTY} id={null} />
      ) : (
        <QueryState query={store} lines={10}>
          {(s) => <StoreForm key={s.id} initial={draftOf(s)} id={s.id} openOrders={s.openOrders} />}
        </QueryState>
      )}
    </div>
  );
}

function StoreForm({
  initial,
  id,
  openOrders = 0,
}: {
  initial: Draft;
  id: string | null;
  openOrders?: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveStore();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [locating, setLocating] = useState<string | null>(null);
  const root = useRef<HTMLFormElement>(null);
  const weekdays = t('store.weekdays', { returnObjects: true });
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const ids = {
    code: 'store-code',
    name: 'store-name',
    nameEn: 'store-name-en',
    phone: 'store-phone',
    address: 'store-address',
    addressEn: 'store-address-en',
    latitude: 'store-latitude',
    longitude: 'store-longitude',
    openTime: 'store-open',
    closeTime: 'store-close',
    restDays: 'store-rest',
    sortOrder: 'store-sort',
  };
  const fieldRef = (field: keyof typeof ids) =>
    [!!errors[field], fieldErrorId(ids[field], errors[field])] as const;
  const codeRef = useFieldAria<InputRef>(...fieldRef('code'));
  const nameRef = useFieldAria<InputRef>(...fieldRef('name'));
  const phoneRef = useFieldAria<InputRef>(...fieldRef('phone'));
  const addressRef = useFieldAria<InputRef>(...fieldRef('address'));
  const nameEnRef = useFieldAria<InputRef>(...fieldRef('nameEn'));
  const addressEnRef = useFieldAria<InputRef>(...fieldRef('addressEn'));
  // The English beside the Chinese, marked where it is missing (foreign customers read Chinese).
  const englishLabel = (key: 'admin.store.nameEn' | 'admin.store.addressEn', value: string) => (
    <>
      {t(key)}
      {!value.trim() && <NoEnglishTag />}
    </>
  );
  const latitudeRef = useFieldAria<InputRef>(...fieldRef('latitude'));
  const longitudeRef = useFieldAria<InputRef>(...fieldRef('longitude'));
  const sortOrderRef = useFieldAria<InputRef>(...fieldRef('sortOrder'));

  const handleLocate = () => {
    if (!navigator.geolocation) {
      setLocating(t('admin.store.locateFailed', { reason: '—' }));
      return;
    }
    setLocating(t('admin.store.locating'));
    navigator.geolocation.getCurrentPosition(
      (position) => {
        set({
          latitude: position.coords.latitude.toFixed(6),
          longitude: position.coords.longitude.toFixed(6),
        });
        setLocating(null);
      },
      (err) => setLocating(t('admin.store.locateFailed', { reason: err.message })),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const handleSubmit = async () => {
    const parsed = StoreSaveSchema.safeParse(toInput(draft));
    if (!parsed.success) {
      setErrors(draftErrors(t, ERRORS, parsed.error.issues, t(`${ERRORS}.invalid`)));
      revealFirstError(root.current);
      return;
    }
    // Closing a store hides it from customers and staff: ask first.
    if (id && initial.isActive && !draft.isActive) {
      const ok = await Dialog.confirm({
        title: t('admin.store.deactivateTitle', { name: draft.name }),
        content: t('admin.store.deactivateMessage'),
        confirmText: t('admin.store.deactivate'),
        cancelText: t('app.cancel'),
      });
      if (!ok) return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id, input: toInput(draft) });
      showSuccess(id ? t('admin.store.savedToast') : t('admin.store.created'));
      void navigate(Paths.adminStores, { replace: true });
    } catch (err) {
      setErrors(serverErrors(t, ERRORS, err as Error));
      revealFirstError(root.current);
    }
  };

  const formError = otherErrors(errors, Object.keys(ids));

  return (
    <form
      ref={root}
      className="admin-form page-body"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void handleSubmit();
      }}
    >
      <div className="admin-form__pair">
        <FormField id={ids.name} label={t('admin.store.name')} error={errors.name} required>
          <Input
            ref={nameRef}
            id={ids.name}
            value={draft.name}
            maxLength={50}
            clearable
            onChange={(name) => set({ name })}
          />
        </FormField>
        <FormField
          id={ids.nameEn}
          label={englishLabel('admin.store.nameEn', draft.nameEn)}
          error={errors.nameEn}
        >
          <Input
            ref={nameEnRef}
            id={ids.nameEn}
            value={draft.nameEn}
            maxLength={100}
            clearable
            onChange={(nameEn) => set({ nameEn })}
          />
        </FormField>
      </div>
      <p className="form-field__hint">{t('admin.store.englishHint')}</p>
      <FormField
        id={ids.code}
        label={t('admin.store.code')}
        hint={t('admin.store.codeHint')}
        error={errors.code}
        required
      >
        <Input
          ref={codeRef}
          id={ids.code}
          value={draft.code}
          maxLength={20}
          autoComplete="off"
          onChange={(code) => set({ code })}
        />
      </FormField>
      <FormField id={ids.phone} label={t('admin.store.phone')} error={errors.phone}>
        <Input
          ref={phoneRef}
          id={ids.phone}
          type="tel"
          inputMode="tel"
          value={draft.phone}
          maxLength={20}
          onChange={(phone) => set({ phone })}
        />
      </FormField>
      <div className="admin-form__pair">
        <FormField id={ids.address} label={t('admin.store.address')} error={errors.address}>
          <Input
            ref={addressRef}
            id={ids.address}
            value={draft.address}
            maxLength={200}
            clearable
            onChange={(address) => set({ address })}
          />
        </FormField>
        <FormField
          id={ids.addressEn}
          label={englishLabel('admin.store.addressEn', draft.addressEn)}
          error={errors.addressEn}
        >
          <Input
            ref={addressEnRef}
            id={ids.addressEn}
            value={draft.addressEn}
            maxLength={300}
            clearable
            onChange={(addressEn) => set({ addressEn })}
          />
        </FormField>
      </div>
      <fieldset className="admin-form__group">
        <legend>{t('admin.store.location')}</legend>
        <div className="admin-form__pair">
          <FormField id={ids.latitude} label={t('admin.store.latitude')} error={errors.latitude}>
            <Input
              ref={latitudeRef}
              id={ids.latitude}
              inputMode="decimal"
              value={draft.latitude}
              maxLength={12}
              onChange={(latitude) => set({ latitude })}
            />
          </FormField>
          <FormField id={ids.longitude} label={t('admin.store.longitude')} error={errors.longitude}>
            <Input
              ref={longitudeRef}
              id={ids.longitude}
              inputMode="decimal"
              value={draft.longitude}
              maxLength={12}
              onChange={(longitude) => set({ longitude })}
            />
          </FormField>
        </div>
        <Button block fill="outline" onClick={handleLocate}>
          <LocationOutline aria-hidden /> {t('admin.store.useHere')}
        </Button>
        <p className="form-field__hint" aria-live="polite">
          {locating ?? t('admin.store.locationHint')}
        </p>
      </fieldset>
      <fieldset className="admin-form__group">
        <legend>{t('admin.store.hours')}</legend>
        <div className="admin-form__pair">
          <FormField id={ids.openTime} label={t('admin.store.openTime')} error={errors.openTime}>
            <input
              id={ids.openTime}
              className="admin-form__time"
              type="time"
              value={draft.openTime}
              aria-invalid={!!errors.openTime}
              aria-describedby={fieldErrorId(ids.openTime, errors.openTime)}
              onChange={(e) => set({ openTime: e.target.value })}
            />
          </FormField>
          <FormField id={ids.closeTime} label={t('admin.store.closeTime')} error={errors.closeTime}>
            <input
              id={ids.closeTime}
              className="admin-form__time"
              type="time"
              value={draft.closeTime}
              aria-invalid={!!errors.closeTime}
              aria-describedby={fieldErrorId(ids.closeTime, errors.closeTime)}
              onChange={(e) => set({ closeTime: e.target.value })}
            />
          </FormField>
        </div>
        <FormField id={ids.restDays} label={t('admin.store.restDays')} error={errors.restDays}>
          <div
            id={ids.restDays}
            role="group"
            aria-describedby={fieldErrorId(ids.restDays, errors.restDays)}
          >
            <Selector
              multiple
              columns={4}
              options={weekdays.map((label, day) => ({ label, value: day }))}
              value={draft.restDays}
              onChange={(restDays) => set({ restDays: [...restDays].sort((a, b) => a - b) })}
            />
          </div>
        </FormField>
      </fieldset>
      <FormField
        id={ids.sortOrder}
        label={t('admin.store.sortOrder')}
        hint={t('admin.store.sortOrderHint')}
        error={errors.sortOrder}
      >
        <Input
          ref={sortOrderRef}
          id={ids.sortOrder}
          inputMode="numeric"
          value={draft.sortOrder}
          maxLength={4}
          onChange={(sortOrder) => set({ sortOrder: sortOrder.replace(/\D/g, '') })}
        />
      </FormField>
      <div className="admin-form__switch">
        <span>
          <span id="store-active-label">{t('admin.store.active')}</span>
          <small id="store-active-hint">
            {t('admin.store.activeHint')}
            {openOrders > 0 ? ` · ${t('admin.stores.openOrders', { count: openOrders })}` : ''}
          </small>
        </span>
        <Switch
          aria-labelledby="store-active-label"
          aria-describedby="store-active-hint"
          checked={draft.isActive}
          onChange={(isActive) => set({ isActive })}
        />
      </div>
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <Button block color="primary" size="large" type="submit" loading={save.isPending}>
        {t('admin.save')}
      </Button>
    </form>
  );
}
