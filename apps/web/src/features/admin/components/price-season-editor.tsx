import { useId, useRef, useState } from 'react';
import { Button, Input, type InputRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  CalendarIssue,
  calendarProblem,
  PriceSeasonSaveSchema,
  type PriceSeason,
  type PriceSeasonDto,
  type PriceSeasonSave,
} from '@snowgear/contracts';
import { Dialog } from '@/components/antd/dialog';
import { Popup } from '@/components/antd/popup';
import { FormError } from '@/components/form-error';
import { FormField, fieldErrorId } from '@/components/form-field';
import { useAppStore } from '@/features/app-state';
import { draftErrors, otherErrors, serverErrors, type FieldErrors } from '@/lib/field-errors';
import { revealFirstError } from '@/lib/reveal-first-error';
import { useFieldAria } from '@/lib/use-field-aria';
import { useDeletePriceSeason, useSavePriceSeason } from '../api/price-seasons';
import { NoEnglishTag } from './no-english-tag';

const ERRORS = 'admin.priceSeasons.errors';
const FIELDS = ['from', 'to', 'percent', 'weekendPercent', 'name', 'nameEn'] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

const EMPTY: Draft = { from: '', to: '', percent: '', weekendPercent: '', name: '', nameEn: '' };

const draftOf = (s: PriceSeasonDto): Draft => ({
  from: s.from,
  to: s.to,
  percent: String(s.percent),
  weekendPercent: s.weekendPercent === null ? '' : String(s.weekendPercent),
  name: s.name,
  nameEn: s.nameEn,
});

const toInput = (storeId: string | null, d: Draft): PriceSeasonSave => ({
  storeId,
  from: d.from,
  to: d.to,
  percent: Number(d.percent),
  weekendPercent: d.weekendPercent.trim() === '' ? null : Number(d.weekendPercent),
  name: d.name,
  nameEn: d.nameEn,
});

/** A season as the contracts' calendar rules read it. */
const asSeason = (s: PriceSeasonSave | PriceSeasonDto): PriceSeason => ({
  from: s.from,
  to: s.to,
  percent: s.percent,
  ...(s.weekendPercent === null ? {} : { weekendPercent: s.weekendPercent }),
  name: s.name,
  nameEn: s.nameEn,
});

interface Props {
  /** The season to change, 'new' for a new one, null when closed. */
  target: PriceSeasonDto | 'new' | null;
  /** Whose seasons: a store's, or the business's (null). */
  storeId: string | null;
  /** The seasons a new or changed one must not share a day with. */
  others: PriceSeasonDto[];
  onClose: () => void;
}

/** Adds or changes a price season, in a sheet over the list. */
export function PriceSeasonEditor({ target, storeId, others, onClose }: Props) {
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
        <SeasonSheet
          key={target === 'new' ? 'new' : target.id}
          season={target === 'new' ? null : target}
          storeId={storeId}
          others={others.filter((s) => target === 'new' || s.id !== target.id)}
          onClose={onClose}
        />
      )}
    </Popup>
  );
}

function SeasonSheet({
  season,
  storeId,
  others,
  onClose,
}: {
  season: PriceSeasonDto | null;
  storeId: string | null;
  others: PriceSeasonDto[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const save = useSavePriceSeason();
  const remove = useDeletePriceSeason();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [draft, setDraft] = useState<Draft>(season ? draftOf(season) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const ids: Record<Field, string> = {
    from: 'season-from',
    to: 'season-to',
    percent: 'season-percent',
    weekendPercent: 'season-weekend',
    name: 'season-name',
    nameEn: 'season-name-en',
  };
  const aria = (field: Field) =>
    [!!errors[field], fieldErrorId(ids[field], errors[field])] as const;
  const percentRef = useFieldAria<InputRef>(...aria('percent'));
  const weekendRef = useFieldAria<InputRef>(...aria('weekendPercent'));
  const nameRef = useFieldAria<InputRef>(...aria('name'));
  const nameEnRef = useFieldAria<InputRef>(...aria('nameEn'));
  const set = (changes: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setErrors((e) => {
      const rest = { ...e };
      for (const key of Object.keys(changes)) delete rest[key];
      delete rest[''];
      return rest;
    });
  };
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 3);

  /** The season's own rules (the contracts' schema), then the days it would share with another. */
  const check = (input: PriceSeasonSave): FieldErrors => {
    const missing: FieldErrors = {};
    if (!draft.from) missing.from = t('admin.priceSeasons.errors.dateRequired');
    if (!draft.to) missing.to = t('admin.priceSeasons.errors.dateRequired');
    if (!draft.percent) missing.percent = t('admin.priceSeasons.errors.percentRequired');
    if (Object.keys(missing).length > 0) return missing;
    const parsed = PriceSeasonSaveSchema.safeParse(input);
    if (!parsed.success) {
      return draftErrors(t, ERRORS, parsed.error.issues, t('admin.priceSeasons.errors.invalid'));
    }
    const calendar = {
      seasons: [...others.map(asSeason), asSeason(parsed.data)],
      holidays: [],
      holidayPercent: 100,
    };
    return calendarProblem(calendar, null) === CalendarIssue.Overlap
      ? { from: t('validation.SeasonOverlap') }
      : {};
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
      await save.mutateAsync({ id: season?.id ?? null, input });
      showSuccess(t('admin.priceSeasons.saved'));
      onClose();
    } catch (err) {
      // Another season saved meanwhile shares a day: the server says so on the first day.
      setErrors(serverErrors(t, ERRORS, err as Error));
      revealFirstError(root.current);
    }
  };

  const handleDelete = async () => {
    if (!season) return;
    const ok = await Dialog.confirm({
      title: t('admin.priceSeasons.deleteTitle', { name: season.name }),
      content: t('admin.priceSeasons.deleteMessage'),
      confirmText: t('admin.priceSeasons.delete'),
      cancelText: t('app.cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(season.id);
      showSuccess(t('admin.priceSeasons.deleted'));
      onClose();
    } catch (err) {
      setErrors({ '': (err as Error).message });
    }
  };

  const dateField = (field: 'from' | 'to', label: string) => (
    <FormField id={ids[field]} label={label} error={errors[field]} required>
      <input
        id={ids[field]}
        type="date"
        className="admin-form__time"
        value={draft[field]}
        aria-invalid={!!errors[field]}
        aria-describedby={fieldErrorId(ids[field], errors[field])}
        onChange={(e) => set({ [field]: e.target.value })}
      />
    </FormField>
  );

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
          {season ? season.name : t('admin.priceSeasons.newTitle')}
        </h2>
        <div className="admin-form__pair">
          {dateField('from', t('admin.priceSeasons.from'))}
          {dateField('to', t('admin.priceSeasons.to'))}
        </div>
        <p className="form-field__hint">{t('admin.priceSeasons.datesHint')}</p>
        <div className="admin-form__pair">
          <FormField
            id={ids.percent}
            label={t('admin.priceSeasons.percentLabel')}
            hint={t('admin.priceSeasons.percentHint')}
            error={errors.percent}
            required
          >
            <Input
              ref={percentRef}
              id={ids.percent}
              inputMode="numeric"
              value={draft.percent}
              onChange={(v) => set({ percent: digits(v) })}
            />
          </FormField>
          <FormField
            id={ids.weekendPercent}
            label={t('admin.priceSeasons.weekendLabel')}
            hint={t('admin.priceSeasons.weekendHint')}
            error={errors.weekendPercent}
          >
            <Input
              ref={weekendRef}
              id={ids.weekendPercent}
              inputMode="numeric"
              value={draft.weekendPercent}
              clearable
              onChange={(v) => set({ weekendPercent: digits(v) })}
            />
          </FormField>
        </div>
        <div className="admin-form__pair">
          <FormField
            id={ids.name}
            label={t('admin.priceSeasons.name')}
            error={errors.name}
            required
          >
            <Input
              ref={nameRef}
              id={ids.name}
              value={draft.name}
              maxLength={40}
              clearable
              onChange={(name) => set({ name })}
            />
          </FormField>
          <FormField
            id={ids.nameEn}
            label={
              <>
                {t('admin.priceSeasons.nameEn')}
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
              onChange={(nameEn) => set({ nameEn })}
            />
          </FormField>
        </div>
        <p className="form-field__hint">{t('admin.priceSeasons.englishHint')}</p>
        <FormError message={otherErrors(errors, FIELDS)} />
        <div className="sheet__actions">
          {season && (
            <Button
              block
              color="danger"
              fill="outline"
              size="large"
              loading={remove.isPending}
              onClick={() => void handleDelete()}
            >
              {t('admin.priceSeasons.delete')}
            </Button>
          )}
          <Button block color="primary" size="large" type="submit" loading={save.isPending}>
            {t('admin.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
