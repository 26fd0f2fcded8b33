import { useId, useRef, useState } from 'react';
import { Button, Input, type InputRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { dayRate, type RateCardSubjectKind } from '@snowgear/contracts';
import { Dialog } from '@/components/antd/dialog';
import { Popup } from '@/components/antd/popup';
import { ChoiceChips, SwitchField } from '@/components/choice-fields';
import { FormError } from '@/components/form-error';
import { FormField, fieldErrorId } from '@/components/form-field';
import { useAppStore } from '@/features/app-state';
import { money } from '@/lib/money';
import { revealFirstError } from '@/lib/reveal-first-error';
import { useFieldAria } from '@/lib/use-field-aria';
import { useCardSubjects } from '../api/card-subjects';
import { useDeleteRateCard, useSaveRateCard, type RateCardItem } from '../api/rate-cards';
import {
  canAddLength,
  cardDraftErrors,
  cardDraftOf,
  cardServerErrors,
  cardInput,
  EMPTY_CARD,
  type CardDraft,
  type CardErrors,
} from '../utils/rate-card-form';
import { RateCardPreviewBlock } from './rate-card-preview';

/** Whole yuan as typed: digits only, up to ¥100,000. */
const yuanText = (value: string) => value.replace(/\D/g, '').slice(0, 6);

interface Props {
  /** The card to change, 'new' for a new one, null when closed. */
  target: RateCardItem | 'new' | null;
  /** Whose cards: a store's, or the business's (null). */
  storeId: string | null;
  /** Their cards as listed (a store's own and the business's it inherits). */
  cards: RateCardItem[];
  onClose: () => void;
}

/** Sets a card (a sheet over the list): its prices by length, its further day, and a try-out. */
export function RateCardEditor({ target, storeId, cards, onClose }: Props) {
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
        <CardSheet
          key={target === 'new' ? 'new' : target.id}
          card={target === 'new' ? null : target}
          storeId={storeId}
          cards={cards}
          onClose={onClose}
        />
      )}
    </Popup>
  );
}

function CardSheet({
  card,
  storeId,
  cards,
  onClose,
}: {
  card: RateCardItem | null;
  storeId: string | null;
  cards: RateCardItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const kindId = useId();
  const subjectLabelId = useId();
  const tableId = useId();
  const furtherId = useId();
  const depositId = useId();
  const halfDayId = useId();
  const save = useSaveRateCard();
  const remove = useDeleteRateCard();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [kind, setKind] = useState<RateCardSubjectKind>(card?.subjectKind ?? 'pack');
  const [subjectId, setSubjectId] = useState(card?.subjectId ?? '');
  const [junior, setJunior] = useState(card?.junior ?? false);
  const [draft, setDraft] = useState<CardDraft>(card ? cardDraftOf(card) : EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  // A new card may be for any gear, and for the packs of the store (or the business's).
  const { subjects, isPending } = useCardSubjects(storeId);
  const find = (k: RateCardSubjectKind, id: string, j: boolean) =>
    cards.find((c) => c.subjectKind === k && c.subjectId === id && c.junior === j);
  const existing = find(kind, subjectId, junior);
  const own = existing && !existing.inherited;
  const changed = !existing || JSON.stringify(cardDraftOf(existing)) !== JSON.stringify(draft);
  const name =
    card?.subjectName ?? subjects.find((s) => s.id === subjectId)?.name ?? existing?.subjectName;
  const who = junior ? t('admin.rateCards.junior') : t('admin.rateCards.adult');
  const furtherRef = useFieldAria<InputRef>(
    !!errors.furtherDay,
    fieldErrorId(furtherId, errors.furtherDay),
  );
  const depositRef = useFieldAria<InputRef>(
    !!errors.deposit,
    fieldErrorId(depositId, errors.deposit),
  );
  const halfDayRef = useFieldAria<InputRef>(
    !!errors.halfDay,
    fieldErrorId(halfDayId, errors.halfDay),
  );

  /** Another gear, pack or age: its saved prices, where it has a card. */
  const choose = (next: { kind?: RateCardSubjectKind; subjectId?: string; junior?: boolean }) => {
    const k = next.kind ?? kind;
    const id = next.subjectId ?? (k === kind ? subjectId : '');
    const j = next.junior ?? junior;
    setKind(k);
    setSubjectId(id);
    setJunior(j);
    const found = find(k, id, j);
    if (found) setDraft(cardDraftOf(found));
    setErrors({});
  };
  const change = (next: CardDraft) => {
    setDraft(next);
    setErrors({});
  };
  const setLength = (i: number, value: string) =>
    change({ ...draft, lengths: draft.lengths.map((v, k) => (k === i ? yuanText(value) : v)) });

  const handleSubmit = async () => {
    if (!subjectId) {
      setErrors({ subject: t('admin.rateCards.errors.subject') });
      revealFirstError(root.current);
      return;
    }
    const target = { storeId, subjectKind: kind, subjectId, junior };
    const problems = cardDraftErrors(t, target, draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      revealFirstError(root.current);
      return;
    }
    try {
      await save.mutateAsync(cardInput(target, draft, existing));
      // The sheet stays: the try-out below now prices on what was saved.
      showSuccess(t('admin.rateCards.saved'));
    } catch (err) {
      setErrors(cardServerErrors(t, err as Error));
      revealFirstError(root.current);
    }
  };

  const handleDelete = async () => {
    if (!own) return;
    const ok = await Dialog.confirm({
      title: t('admin.rateCards.deleteTitle', { name, who }),
      content: storeId ? t('admin.rateCards.deleteStore') : t('admin.rateCards.deleteBusiness'),
      confirmText: t('admin.rateCards.delete'),
      cancelText: t('app.cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(existing.id);
      showSuccess(t('admin.rateCards.deleted'));
      onClose();
    } catch (err) {
      setErrors({ '': (err as Error).message });
    }
  };

  const kindSubjects = subjects.filter((s) => s.kind === kind);
  const formError = errors[''] ?? null;

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
          {card
            ? t('admin.rateCards.cardTitle', { name: card.subjectName, who })
            : t('admin.rateCards.newTitle')}
        </h2>
        {!card && (
          <>
            <div className="form-field">
              <span id={kindId} className="form-field__label">
                {t('admin.rateCards.kind')}
              </span>
              <ChoiceChips
                labelledBy={kindId}
                options={[
                  { value: 'pack' as const, label: t('admin.rateCards.packs') },
                  { value: 'category' as const, label: t('admin.rateCards.categories') },
                ]}
                value={kind}
                onChange={(k) => choose({ kind: k })}
              />
            </div>
            <div className="form-field">
              <span id={subjectLabelId} className="form-field__label">
                {t('admin.rateCards.subject')}
              </span>
              {isPending && kindSubjects.length === 0 ? (
                <p className="form-field__hint" role="status">
                  {t('admin.rateCards.loadingSubjects')}
                </p>
              ) : kindSubjects.length === 0 ? (
                <p className="form-field__hint">{t('admin.rateCards.noSubjects')}</p>
              ) : (
                <ChoiceChips
                  labelledBy={subjectLabelId}
                  options={kindSubjects.map((s) => ({ value: s.id, label: s.name }))}
                  value={subjectId}
                  describedBy={fieldErrorId(subjectLabelId, errors.subject)}
                  onChange={(id) => choose({ subjectId: id })}
                />
              )}
              {errors.subject && (
                <p id={`${subjectLabelId}-error`} className="field-error" role="alert">
                  {errors.subject}
                </p>
              )}
            </div>
          </>
        )}
        <SwitchField
          label={t('admin.rateCards.juniorLabel')}
          hint={t('admin.rateCards.juniorHint')}
          checked={junior}
          disabled={!!card}
          onChange={(j) => choose({ junior: j })}
        />
        {storeId === null ? (
          <p className="form-field__hint">{t('admin.rateCards.businessHint')}</p>
        ) : (
          existing?.inherited && (
            <p className="form-field__hint">{t('admin.rateCards.inheritedHint')}</p>
          )
        )}
        {!card && own && <p className="form-field__hint">{t('admin.rateCards.existingHint')}</p>}
        <fieldset
          className="admin-form__group"
          aria-describedby={fieldErrorId(tableId, errors.lengths)}
        >
          <legend>{t('admin.rateCards.table')}</legend>
          <p className="form-field__hint">{t('admin.rateCards.tableHint')}</p>
          {draft.lengths.map((value, i) => (
            <LengthRow
              key={i}
              index={i}
              value={value}
              draft={draft}
              error={errors[`lengths.${i}`]}
              onChange={(v) => setLength(i, v)}
            />
          ))}
          {errors.lengths && (
            <p id={`${tableId}-error`} className="field-error" role="alert">
              {errors.lengths}
            </p>
          )}
          <div className="rate-card-rows__actions">
            <Button
              fill="outline"
              disabled={!canAddLength(draft)}
              onClick={() => change({ ...draft, lengths: [...draft.lengths, ''] })}
            >
              {t('admin.rateCards.addLength')}
            </Button>
            <Button
              fill="outline"
              disabled={draft.lengths.length <= 1}
              onClick={() => change({ ...draft, lengths: draft.lengths.slice(0, -1) })}
            >
              {t('admin.rateCards.removeLength', { count: draft.lengths.length })}
            </Button>
          </div>
        </fieldset>
        <FormField
          id={furtherId}
          label={t('admin.rateCards.furtherDayLabel')}
          hint={t('admin.rateCards.furtherDayHint')}
          error={errors.furtherDay}
        >
          <Input
            ref={furtherRef}
            id={furtherId}
            inputMode="numeric"
            value={draft.furtherDay}
            onChange={(v) => change({ ...draft, furtherDay: yuanText(v) })}
          />
        </FormField>
        <FormField
          id={halfDayId}
          label={t('admin.rateCards.halfDayLabel')}
          hint={t('admin.rateCards.halfDayHint')}
          error={errors.halfDay}
        >
          <Input
            ref={halfDayRef}
            id={halfDayId}
            inputMode="numeric"
            placeholder={t('admin.rateCards.halfDayPlaceholder')}
            value={draft.halfDay}
            onChange={(v) => change({ ...draft, halfDay: yuanText(v) })}
          />
        </FormField>
        <FormField
          id={depositId}
          label={t('admin.rateCards.depositLabel')}
          hint={t('admin.rateCards.depositHint')}
          error={errors.deposit}
        >
          <Input
            ref={depositRef}
            id={depositId}
            inputMode="numeric"
            placeholder={t('admin.rateCards.depositPlaceholder')}
            value={draft.deposit}
            onChange={(v) => change({ ...draft, deposit: yuanText(v) })}
          />
        </FormField>
        <FormError message={formError} />
        <div className="sheet__actions">
          {own && (
            <Button
              block
              color="danger"
              fill="outline"
              size="large"
              loading={remove.isPending}
              onClick={() => void handleDelete()}
            >
              {t('admin.rateCards.delete')}
            </Button>
          )}
          <Button block color="primary" size="large" type="submit" loading={save.isPending}>
            {t('admin.save')}
          </Button>
        </div>
      </form>
      {subjectId && (
        <RateCardPreviewBlock
          storeId={storeId}
          subjectKind={kind}
          subjectId={subjectId}
          junior={junior}
          saved={!!existing}
          changed={changed}
        />
      )}
    </div>
  );
}

/** One length of the table: what renting this many days costs, and what its last day adds. */
function LengthRow({
  index,
  value,
  draft,
  error,
  onChange,
}: {
  index: number;
  value: string;
  draft: CardDraft;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = `rate-card-length-${index}`;
  const ref = useFieldAria<InputRef>(!!error, fieldErrorId(id, error));
  const lengths = draft.lengths.map(Number);
  const known = draft.lengths.slice(0, index + 1).every((v) => v !== '');
  const rate = known && index > 0 ? dayRate({ lengths, furtherDayFen: 0 }, index + 1) : null;
  return (
    <FormField
      id={id}
      label={t('admin.rateCards.length', { count: index + 1 })}
      hint={
        rate !== null && rate >= 0
          ? t('admin.rateCards.dayRate', { day: index + 1, amount: money(rate) })
          : undefined
      }
      error={error}
    >
      <Input ref={ref} id={id} inputMode="numeric" value={value} onChange={onChange} />
    </FormField>
  );
}
