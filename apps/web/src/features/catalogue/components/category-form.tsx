import { useId, useRef, useState } from 'react';
import { Button, Input, type InputRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  CATEGORY_NAME_MAX,
  CategoryInputSchema,
  EquipmentSizeKind,
  type CatalogueCategory,
  type CategoryInput,
} from '@snowgear/contracts';
import { ChoiceChips, SwitchField } from '@/components/choice-fields';
import { FormField, fieldErrorId } from '@/components/form-field';
import { FormError } from '@/components/form-error';
import { draftErrors, otherErrors, serverErrors, type FieldErrors } from '@/lib/field-errors';
import { revealFirstError } from '@/lib/reveal-first-error';
import { useFieldAria } from '@/lib/use-field-aria';
import { useSaveCategory } from '../api/save-category';

const ERRORS = 'catalogueAdmin.errors';

/** A category's name, size kind and DIN setting; a new category when there is none yet. */
export function CategoryForm({
  category,
  onSaved,
}: {
  category?: CatalogueCategory;
  onSaved: (saved: CatalogueCategory) => void;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLFormElement>(null);
  const save = useSaveCategory();
  const [draft, setDraft] = useState<Required<CategoryInput>>({
    name: category?.name ?? '',
    nameEn: category?.nameEn ?? '',
    sizeKind: category?.sizeKind ?? EquipmentSizeKind.LargeEquipment,
    dinAdjustable: category?.dinAdjustable ?? false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const nameId = useId();
  const nameEnId = useId();
  const sizeKindLabel = useId();
  const nameRef = useFieldAria<InputRef>(!!errors.name, fieldErrorId(nameId, errors.name));
  const nameEnRef = useFieldAria<InputRef>(!!errors.nameEn, fieldErrorId(nameEnId, errors.nameEn));

  const change = (changes: Partial<CategoryInput>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setErrors((e) => {
      const next = { ...e };
      delete next[''];
      for (const key of Object.keys(changes)) delete next[key];
      return next;
    });
  };

  const handleSubmit = () => {
    const parsed = CategoryInputSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(draftErrors(t, ERRORS, parsed.error.issues, t(`${ERRORS}.invalid`)));
      revealFirstError(root.current);
      return;
    }
    setErrors({});
    save.mutate(
      { id: category?.id, input: parsed.data },
      {
        onSuccess: onSaved,
        onError: (err) => {
          setErrors(serverErrors(t, ERRORS, err));
          revealFirstError(root.current);
        },
      },
    );
  };

  return (
    <form
      ref={root}
      className="catalogue-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        handleSubmit();
      }}
    >
      <FormField id={nameId} label={t('catalogueAdmin.category.name')} error={errors.name} required>
        <Input
          ref={nameRef}
          id={nameId}
          value={draft.name}
          maxLength={CATEGORY_NAME_MAX}
          placeholder={t('catalogueAdmin.category.namePlaceholder')}
          onChange={(name) => change({ name })}
        />
      </FormField>
      <FormField
        id={nameEnId}
        label={t('catalogueAdmin.english.nameEn')}
        hint={t('catalogueAdmin.english.help')}
        error={errors.nameEn}
      >
        <Input
          ref={nameEnRef}
          id={nameEnId}
          value={draft.nameEn}
          maxLength={CATEGORY_NAME_MAX}
          placeholder="Skis"
          onChange={(nameEn) => change({ nameEn })}
        />
      </FormField>
      <div className="form-field">
        <span id={sizeKindLabel} className="form-field__label">
          {t('catalogueAdmin.category.sizeKind')}
        </span>
        <ChoiceChips
          labelledBy={sizeKindLabel}
          options={Object.values(EquipmentSizeKind).map((value) => ({
            value,
            label: t(`catalogueAdmin.sizeKind.${value}`),
          }))}
          value={draft.sizeKind}
          onChange={(sizeKind) => change({ sizeKind })}
        />
        <p className="form-field__hint">{t('catalogueAdmin.category.sizeKindHelp')}</p>
      </div>
      <SwitchField
        label={t('catalogueAdmin.category.dinAdjustable')}
        hint={t('catalogueAdmin.category.dinAdjustableHelp')}
        checked={draft.dinAdjustable}
        onChange={(dinAdjustable) => change({ dinAdjustable })}
      />
      <FormError message={otherErrors(errors, ['name', 'nameEn'])} />
      <Button block type="submit" color="primary" size="large" loading={save.isPending}>
        {category ? t('catalogueAdmin.category.save') : t('catalogueAdmin.category.create')}
      </Button>
    </form>
  );
}
