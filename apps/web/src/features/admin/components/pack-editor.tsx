import { useId, useRef, useState } from 'react';
import {
  Button,
  ImageUploader,
  Input,
  TextArea,
  type ImageUploadItem,
  type InputRef,
} from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PACK_PARTS, RentalPackSaveSchema, type RentalPackSave } from '@snowgear/contracts';
import { Dialog } from '@/components/antd/dialog';
import { SwitchField } from '@/components/choice-fields';
import { Popup } from '@/components/antd/popup';
import { FormError } from '@/components/form-error';
import { FormField, fieldErrorId } from '@/components/form-field';
import { useAppStore } from '@/features/app-state';
import { fileUrl } from '@/lib/api-client';
import { draftErrors, otherErrors, serverErrors, type FieldErrors } from '@/lib/field-errors';
import { revealFirstError } from '@/lib/reveal-first-error';
import { useFieldAria } from '@/lib/use-field-aria';
import { useObjectUrls } from '@/lib/use-object-urls';
import { useGearKinds } from '../api/card-subjects';
import {
  uploadPackPicture,
  useDeleteRentalPack,
  useSaveRentalPack,
  type RentalPackItem,
} from '../api/rental-packs';
import { NoEnglishTag } from './no-english-tag';

const ERRORS = 'admin.packs.errors';
const FIELDS = [
  'name',
  'nameEn',
  'description',
  'descriptionEn',
  'categoryIds',
  'dailyPrice',
  'deposit',
  'sortOrder',
  'pictureFileId',
  'grade',
] as const;
type TextField = 'name' | 'nameEn' | 'description' | 'descriptionEn' | 'grade';
type NumberField = 'dailyPrice' | 'deposit' | 'sortOrder';

interface Draft extends Record<TextField | NumberField, string> {
  categoryIds: string[];
  isActive: boolean;
  /** The picture: its file and what shows it (the server's link, or the phone's own copy). */
  picture: { id: string; url: string } | null;
}

const EMPTY: Draft = {
  name: '',
  nameEn: '',
  description: '',
  descriptionEn: '',
  categoryIds: [],
  dailyPrice: '',
  deposit: '',
  sortOrder: '0',
  grade: '',
  isActive: true,
  picture: null,
};

const draftOf = (p: RentalPackItem): Draft => ({
  name: p.name,
  nameEn: p.nameEn,
  description: p.description,
  descriptionEn: p.descriptionEn,
  categoryIds: p.categoryIds,
  dailyPrice: String(p.dailyPrice),
  deposit: String(p.deposit),
  sortOrder: String(p.sortOrder),
  grade: p.grade,
  isActive: p.isActive,
  picture:
    p.pictureFileId && p.pictureUrl ? { id: p.pictureFileId, url: fileUrl(p.pictureUrl) } : null,
});

const toInput = (storeId: string | null, d: Draft): RentalPackSave => ({
  storeId,
  name: d.name,
  nameEn: d.nameEn,
  description: d.description,
  descriptionEn: d.descriptionEn,
  categoryIds: d.categoryIds,
  dailyPrice: d.dailyPrice,
  deposit: d.deposit,
  sortOrder: Number(d.sortOrder || 0),
  grade: d.grade.trim(),
  isActive: d.isActive,
  pictureFileId: d.picture?.id ?? null,
});

interface Props {
  /** The pack to change, 'new' for a new one, null when closed. */
  target: RentalPackItem | 'new' | null;
  /** Where a new pack goes: a store, or the business (null). */
  storeId: string | null;
  /** Whether the caller may change a pack (a manager reads the business's only). */
  canChange: (pack: RentalPackItem) => boolean;
  onClose: () => void;
}

/** Makes or changes a pack, in a sheet over the list. */
export function PackEditor({ target, storeId, canChange, onClose }: Props) {
  return (
    <Popup
      showCloseButton
      visible={target !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet pricing-sheet"
      destroyOnClose
    >
      {target !== null && (
        <PackSheet
          key={target === 'new' ? 'new' : target.id}
          pack={target === 'new' ? null : target}
          storeId={target === 'new' ? storeId : target.storeId}
          readOnly={target !== 'new' && !canChange(target)}
          onClose={onClose}
        />
      )}
    </Popup>
  );
}

function PackSheet({
  pack,
  storeId,
  readOnly,
  onClose,
}: {
  pack: RentalPackItem | null;
  storeId: string | null;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const root = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const partsLabelId = useId();
  // The pack's name in the reader's language (the Chinese where it has no English yet).
  const shown = pack && i18n.language.startsWith('en') && pack.nameEn ? pack.nameEn : pack?.name;
  const save = useSaveRentalPack();
  const remove = useDeleteRentalPack();
  const kinds = useGearKinds();
  const previewUrl = useObjectUrls();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [draft, setDraft] = useState<Draft>(pack ? draftOf(pack) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const ids = {
    name: 'pack-name',
    nameEn: 'pack-name-en',
    description: 'pack-description',
    descriptionEn: 'pack-description-en',
    categoryIds: 'pack-parts',
    dailyPrice: 'pack-daily',
    deposit: 'pack-deposit',
    sortOrder: 'pack-order',
    pictureFileId: 'pack-picture',
    grade: 'pack-grade',
  } as const;
  const aria = (field: keyof typeof ids) =>
    [!!errors[field], fieldErrorId(ids[field], errors[field])] as const;
  const nameRef = useFieldAria<InputRef>(...aria('name'));
  const nameEnRef = useFieldAria<InputRef>(...aria('nameEn'));
  const dailyRef = useFieldAria<InputRef>(...aria('dailyPrice'));
  const depositRef = useFieldAria<InputRef>(...aria('deposit'));
  const orderRef = useFieldAria<InputRef>(...aria('sortOrder'));
  const gradeRef = useFieldAria<InputRef>(...aria('grade'));
  const set = (changes: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setErrors((e) => {
      const rest = { ...e };
      for (const key of Object.keys(changes)) delete rest[key];
      if ('picture' in changes) delete rest.pictureFileId;
      delete rest[''];
      return rest;
    });
  };
  const digits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);
  const togglePart = (id: string) =>
    set({
      categoryIds: draft.categoryIds.includes(id)
        ? draft.categoryIds.filter((c) => c !== id)
        : [...draft.categoryIds, id],
    });

  /** The contracts' rules, as the server checks them; the rules across cards are the server's. */
  const check = (input: RentalPackSave): FieldErrors => {
    const missing: FieldErrors = {};
    if (!draft.dailyPrice) missing.dailyPrice = t('admin.packs.errors.required');
    if (!draft.deposit) missing.deposit = t('admin.packs.errors.required');
    const parsed = RentalPackSaveSchema.safeParse(input);
    return {
      ...(parsed.success
        ? {}
        : draftErrors(t, ERRORS, parsed.error.issues, t('admin.packs.errors.invalid'))),
      ...missing,
    };
  };

  const handleSubmit = async () => {
    const input = toInput(storeId, draft);
    const problems = check(input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      revealFirstError(root.current);
      return;
    }
    try {
      await save.mutateAsync({ id: pack?.id ?? null, input });
      showSuccess(t('admin.packs.saved'));
      onClose();
    } catch (err) {
      setErrors(serverErrors(t, ERRORS, err as Error));
      revealFirstError(root.current);
    }
  };

  const handleDelete = async () => {
    if (!pack) return;
    const ok = await Dialog.confirm({
      title: t('admin.packs.deleteTitle', { name: shown }),
      content: t('admin.packs.deleteMessage'),
      confirmText: t('admin.packs.delete'),
      cancelText: t('app.cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(pack.id);
      showSuccess(t('admin.packs.deleted'));
      onClose();
    } catch (err) {
      // Used by an order: the server says so, and to take it off sale instead.
      setErrors({ '': (err as Error).message });
    }
  };

  const photos: ImageUploadItem[] = draft.picture
    ? [{ key: draft.picture.id, url: draft.picture.url, extra: { id: draft.picture.id } }]
    : [];

  return (
    <div className="pricing-sheet__body">
      <form
        ref={root}
        className="admin-form pricing-form"
        aria-labelledby={titleId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void handleSubmit();
        }}
      >
        <h2 id={titleId} className="sheet__title">
          {shown ?? t('admin.packs.newTitle')}
        </h2>
        {readOnly && <p className="pricing-note">{t('admin.packs.readOnly')}</p>}
        <fieldset className="admin-form__fieldset" disabled={readOnly}>
          <div className="admin-form__pair">
            <FormField id={ids.name} label={t('admin.packs.name')} error={errors.name} required>
              <Input
                ref={nameRef}
                id={ids.name}
                value={draft.name}
                maxLength={40}
                clearable
                readOnly={readOnly}
                onChange={(name) => set({ name })}
              />
            </FormField>
            <FormField
              id={ids.nameEn}
              label={
                <>
                  {t('admin.packs.nameEn')}
                  {!draft.nameEn.trim() && <NoEnglishTag />}
                </>
              }
              error={errors.nameEn}
            >
              <Input
                ref={nameEnRef}
                id={ids.nameEn}
                value={draft.nameEn}
                maxLength={60}
                clearable
                readOnly={readOnly}
                onChange={(nameEn) => set({ nameEn })}
              />
            </FormField>
          </div>
          <p className="form-field__hint">{t('admin.packs.nameHint')}</p>

          <div
            className="form-field pack-parts"
            role="group"
            aria-labelledby={partsLabelId}
            aria-describedby={fieldErrorId(ids.categoryIds, errors.categoryIds)}
            id={ids.categoryIds}
          >
            <p id={partsLabelId} className="form-field__label">
              {t('admin.packs.parts')}{' '}
              <span className="form-field__hint">
                {t('admin.packs.partsCount', { count: draft.categoryIds.length })}
              </span>
            </p>
            <p className="form-field__hint">{t('admin.packs.partsHint')}</p>
            <div className="pack-parts__choices">
              {(kinds.data ?? []).map((kind) => {
                const place = draft.categoryIds.indexOf(kind.id);
                return (
                  <button
                    key={kind.id}
                    type="button"
                    className="pack-parts__choice"
                    aria-pressed={place >= 0}
                    disabled={readOnly || (place < 0 && draft.categoryIds.length >= PACK_PARTS.max)}
                    onClick={() => togglePart(kind.id)}
                  >
                    {place >= 0 && (
                      <span className="pack-parts__place" aria-hidden>
                        {place + 1}
                      </span>
                    )}
                    {kind.name}
                  </button>
                );
              })}
            </div>
            {errors.categoryIds && (
              <p
                id={fieldErrorId(ids.categoryIds, errors.categoryIds)}
                className="field-error"
                role="alert"
              >
                {errors.categoryIds}
              </p>
            )}
          </div>

          <div className="admin-form__pair">
            <FormField
              id={ids.dailyPrice}
              label={t('admin.packs.dailyPrice')}
              error={errors.dailyPrice}
              required
            >
              <Input
                ref={dailyRef}
                id={ids.dailyPrice}
                inputMode="numeric"
                value={draft.dailyPrice}
                readOnly={readOnly}
                onChange={(v) => set({ dailyPrice: digits(v, 6) })}
              />
            </FormField>
            <FormField
              id={ids.deposit}
              label={t('admin.packs.deposit')}
              error={errors.deposit}
              required
            >
              <Input
                ref={depositRef}
                id={ids.deposit}
                inputMode="numeric"
                value={draft.deposit}
                readOnly={readOnly}
                onChange={(v) => set({ deposit: digits(v, 6) })}
              />
            </FormField>
          </div>
          <p className="form-field__hint">{t('admin.packs.dailyPriceHint')}</p>

          <FormField
            id={ids.description}
            label={t('admin.packs.description')}
            hint={t('admin.packs.descriptionHint')}
            error={errors.description}
          >
            <TextArea
              id={ids.description}
              value={draft.description}
              maxLength={200}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              readOnly={readOnly}
              onChange={(description) => set({ description })}
            />
          </FormField>
          <FormField
            id={ids.descriptionEn}
            label={
              <>
                {t('admin.packs.descriptionEn')}
                {!draft.descriptionEn.trim() && <NoEnglishTag />}
              </>
            }
            hint={t('admin.packs.englishHint')}
            error={errors.descriptionEn}
          >
            <TextArea
              id={ids.descriptionEn}
              value={draft.descriptionEn}
              maxLength={300}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              readOnly={readOnly}
              onChange={(descriptionEn) => set({ descriptionEn })}
            />
          </FormField>

          <FormField
            id={ids.pictureFileId}
            label={t('admin.packs.picture')}
            hint={t('admin.packs.pictureHint')}
            error={errors.pictureFileId}
          >
            <ImageUploader
              value={photos}
              maxCount={1}
              accept="image/*"
              disableUpload={readOnly}
              deletable={!readOnly}
              onChange={(items) => {
                const item = items[0];
                const id = (item?.extra as { id?: string } | undefined)?.id;
                set({ picture: item && id ? { id, url: item.url } : null });
              }}
              upload={async (file) => {
                try {
                  const { info, preview } = await uploadPackPicture(file);
                  // Private until the pack is saved: show the phone's own copy.
                  return { url: previewUrl(preview), extra: { id: info.id } };
                } catch (err) {
                  setErrors((e) => ({
                    ...e,
                    pictureFileId: t('admin.packs.pictureFailed', {
                      reason: err instanceof Error ? err.message : '',
                    }),
                  }));
                  throw err;
                }
              }}
            />
          </FormField>

          <FormField
            id={ids.grade}
            label={t('admin.packs.grade')}
            hint={t('admin.packs.gradeHint')}
            error={errors.grade}
          >
            <Input
              ref={gradeRef}
              id={ids.grade}
              value={draft.grade}
              maxLength={20}
              placeholder={t('admin.packs.gradePlaceholder')}
              readOnly={readOnly}
              onChange={(grade) => set({ grade })}
            />
          </FormField>
          <FormField
            id={ids.sortOrder}
            label={t('admin.packs.sortOrder')}
            hint={t('admin.packs.sortOrderHint')}
            error={errors.sortOrder}
          >
            <Input
              ref={orderRef}
              id={ids.sortOrder}
              inputMode="numeric"
              value={draft.sortOrder}
              readOnly={readOnly}
              onChange={(v) => set({ sortOrder: digits(v, 3) })}
            />
          </FormField>
          <SwitchField
            label={t('admin.packs.onSaleLabel')}
            hint={t('admin.packs.onSaleHint')}
            checked={draft.isActive}
            disabled={readOnly}
            onChange={(isActive) => set({ isActive })}
          />
        </fieldset>
        <FormError message={otherErrors(errors, FIELDS)} />
        {!readOnly && (
          <div className="sheet__actions">
            {pack && (
              <Button
                block
                color="danger"
                fill="outline"
                size="large"
                loading={remove.isPending}
                onClick={() => void handleDelete()}
              >
                {t('admin.packs.delete')}
              </Button>
            )}
            <Button block color="primary" size="large" type="submit" loading={save.isPending}>
              {t('admin.save')}
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}
