import { useId, useRef, useState } from 'react';
import { Button, Input, type InputRef } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import {
  ATTRIBUTE_KINDS,
  ATTRIBUTE_NAME_MAX,
  ATTRIBUTE_OPTION_MAX,
  ATTRIBUTE_UNIT_MAX,
  AttributeCreateSchema,
  AttributeKind,
  AttributeUpdateSchema,
  CatalogueErrorCode,
  isChoiceKind,
  needsEnglish,
  type CatalogueAttribute,
} from '@snowgear/contracts';
import { ChipsInput } from '@/components/chips-input';
import { ChoiceChips, SwitchField } from '@/components/choice-fields';
import { FormField, fieldErrorId } from '@/components/form-field';
import { FormError } from '@/components/form-error';
import { useAppStore } from '@/features/app-state';
import { ApiError } from '@/lib/api-errors';
import { draftErrors, otherErrors, serverErrors, type FieldErrors } from '@/lib/field-errors';
import { revealFirstError } from '@/lib/reveal-first-error';
import { textError } from '@/lib/text-rules';
import { useFieldAria } from '@/lib/use-field-aria';
import { useDeleteAttribute, useSetAttributeEnabled } from '../api/attribute-actions';
import { useSaveAttribute } from '../api/save-attribute';

const ERRORS = 'catalogueAdmin.errors';
const SHOWN = [
  'displayName',
  'displayNameEn',
  'name',
  'kind',
  'options',
  'optionsEn',
  'unit',
  'isSize',
];

interface Props {
  /** The category whose page this is (a new attribute is its own unless shared). */
  categoryId: string;
  /** The attribute to change, 'new' for a new one, null when closed. */
  attribute: CatalogueAttribute | 'new' | null;
  onClose: () => void;
}

/** Adds or changes an attribute definition, in a sheet over the category's page. */
export function AttributeForm({ categoryId, attribute, onClose }: Props) {
  return (
    <Popup
      showCloseButton
      visible={attribute !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet"
      destroyOnClose
    >
      {attribute !== null && (
        <AttributeSheet
          key={attribute === 'new' ? 'new' : attribute.id}
          categoryId={categoryId}
          attribute={attribute === 'new' ? null : attribute}
          onClose={onClose}
        />
      )}
    </Popup>
  );
}

function AttributeSheet({
  categoryId,
  attribute,
  onClose,
}: {
  categoryId: string;
  attribute: CatalogueAttribute | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLFormElement>(null);
  const save = useSaveAttribute();
  const remove = useDeleteAttribute();
  const setEnabled = useSetAttributeEnabled();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [draft, setDraft] = useState({
    displayName: attribute?.displayName ?? '',
    displayNameEn: attribute?.displayNameEn ?? '',
    name: attribute && attribute.name !== attribute.displayName ? attribute.name : '',
    kind: attribute?.kind ?? AttributeKind.Select,
    options: attribute?.options ?? [],
    unit: attribute?.unit ?? '',
    isRequired: attribute?.isRequired ?? false,
    isFilterable: attribute?.isFilterable ?? false,
    isSize: attribute?.isSize ?? false,
    isEnabled: attribute?.isEnabled ?? true,
  });
  // Each option's English, by the Chinese option (so it follows the option when others go).
  const [optionsEn, setOptionsEn] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      (attribute?.options ?? []).map((o, i) => [o, attribute?.optionsEn[i] ?? '']),
    ),
  );
  const [shared, setShared] = useState(attribute ? attribute.categoryId === null : false);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Deleting was refused because items use it: offer to disable instead. */
  const [inUse, setInUse] = useState(false);
  const ids = {
    displayName: useId(),
    displayNameEn: useId(),
    optionsEn: useId(),
    name: useId(),
    kindLabel: useId(),
    options: useId(),
    unit: useId(),
    title: useId(),
  };
  const displayNameRef = useFieldAria<InputRef>(
    !!errors.displayName,
    fieldErrorId(ids.displayName, errors.displayName),
  );
  const displayNameEnRef = useFieldAria<InputRef>(
    !!errors.displayNameEn,
    fieldErrorId(ids.displayNameEn, errors.displayNameEn),
  );
  const nameRef = useFieldAria<InputRef>(!!errors.name, fieldErrorId(ids.name, errors.name));
  const unitRef = useFieldAria<InputRef>(!!errors.unit, fieldErrorId(ids.unit, errors.unit));
  const kindLocked = (attribute?.valueCount ?? 0) > 0;
  const choice = isChoiceKind(draft.kind);
  const canBeSize = draft.kind === AttributeKind.Select && !shared;

  const change = (changes: Partial<typeof draft>) => {
    setDraft((d) => {
      const next = { ...d, ...changes };
      // A size is a single choice of one category.
      if (next.kind !== AttributeKind.Select) next.isSize = false;
      return next;
    });
    setErrors((e) => {
      const next = { ...e };
      delete next[''];
      for (const key of Object.keys(changes)) delete next[key];
      return next;
    });
    setInUse(false);
  };

  const handleSubmit = () => {
    const input = {
      ...draft,
      optionsEn: draft.options.map((o) => optionsEn[o]?.trim() ?? ''),
      isSize: canBeSize && draft.isSize,
    };
    const parsed = attribute
      ? AttributeUpdateSchema.safeParse(input)
      : AttributeCreateSchema.safeParse({ ...input, categoryId: shared ? null : categoryId });
    if (!parsed.success) {
      setErrors(draftErrors(t, ERRORS, parsed.error.issues, t(`${ERRORS}.invalid`)));
      revealFirstError(root.current);
      return;
    }
    setErrors({});
    save.mutate(
      {
        id: attribute?.id,
        input: { ...parsed.data, categoryId: shared ? null : categoryId },
      },
      {
        onSuccess: () => {
          showSuccess(t('catalogueAdmin.form.saved'));
          onClose();
        },
        onError: (err) => {
          setErrors(serverErrors(t, ERRORS, err));
          revealFirstError(root.current);
        },
      },
    );
  };

  const handleDelete = async () => {
    if (!attribute) return;
    const ok = await Dialog.confirm({
      title: t('catalogueAdmin.form.deleteTitle', { name: attribute.displayName }),
      content: t('catalogueAdmin.form.deleteContent'),
      confirmText: t('catalogueAdmin.form.delete'),
      cancelText: t('catalogueAdmin.form.cancel'),
    });
    if (!ok) return;
    remove.mutate(attribute.id, {
      onSuccess: () => {
        showSuccess(t('catalogueAdmin.form.deleted'));
        onClose();
      },
      onError: (err) => {
        setErrors({ '': err.message });
        setInUse(
          err instanceof ApiError &&
            err.code === CatalogueErrorCode.AttributeInUse &&
            attribute.isEnabled,
        );
      },
    });
  };

  const handleDisable = () => {
    if (!attribute) return;
    setEnabled.mutate(
      { id: attribute.id, enabled: false },
      {
        onSuccess: () => {
          showSuccess(t('catalogueAdmin.form.disabledDone'));
          onClose();
        },
        onError: (err) => setErrors({ '': err.message }),
      },
    );
  };

  return (
    <form
      ref={root}
      className="catalogue-form attribute-form"
      aria-labelledby={ids.title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        handleSubmit();
      }}
    >
      <h2 id={ids.title} className="sheet__title">
        {attribute
          ? t('catalogueAdmin.attributes.editTitle')
          : t('catalogueAdmin.attributes.addTitle')}
      </h2>
      <FormField
        id={ids.displayName}
        label={t('catalogueAdmin.form.displayName')}
        error={errors.displayName}
        required
      >
        <Input
          ref={displayNameRef}
          id={ids.displayName}
          value={draft.displayName}
          maxLength={ATTRIBUTE_NAME_MAX}
          placeholder={t('catalogueAdmin.form.displayNamePlaceholder')}
          onChange={(displayName) => change({ displayName })}
        />
      </FormField>
      <FormField
        id={ids.displayNameEn}
        label={t('catalogueAdmin.english.displayNameEn')}
        hint={t('catalogueAdmin.english.help')}
        error={errors.displayNameEn}
      >
        <Input
          ref={displayNameEnRef}
          id={ids.displayNameEn}
          value={draft.displayNameEn}
          maxLength={ATTRIBUTE_NAME_MAX}
          placeholder="Length, Size, Level"
          onChange={(displayNameEn) => change({ displayNameEn })}
        />
      </FormField>
      <div className="form-field">
        <span id={ids.kindLabel} className="form-field__label">
          {t('catalogueAdmin.form.kind')}
        </span>
        <ChoiceChips
          labelledBy={ids.kindLabel}
          options={ATTRIBUTE_KINDS.map((value) => ({
            value,
            label: t(`catalogueAdmin.kinds.${value}`),
          }))}
          value={draft.kind}
          disabled={kindLocked}
          describedBy={fieldErrorId(ids.kindLabel, errors.kind)}
          onChange={(kind) => change({ kind })}
        />
        {kindLocked && (
          <p className="form-field__hint">
            {t('catalogueAdmin.form.kindLocked', { count: attribute?.valueCount ?? 0 })}
          </p>
        )}
        {errors.kind && (
          <p id={`${ids.kindLabel}-error`} className="field-error" role="alert">
            {errors.kind}
          </p>
        )}
      </div>
      {choice && (
        <FormField
          id={ids.options}
          label={t('catalogueAdmin.form.options')}
          hint={t('catalogueAdmin.form.optionsHelp')}
          required
        >
          <ChipsInput
            id={ids.options}
            values={draft.options}
            onChange={(options) => change({ options })}
            placeholder={t('catalogueAdmin.form.optionPlaceholder')}
            addText={t('catalogueAdmin.form.addOption')}
            removeLabel={(value) => t('catalogueAdmin.form.removeOption', { value })}
            maxLength={ATTRIBUTE_OPTION_MAX}
            error={errors.options}
            validate={(value, values) =>
              value === ''
                ? t(`${ERRORS}.CatalogueOptionEmpty`)
                : value.includes(',')
                  ? t(`${ERRORS}.CatalogueOptionComma`)
                  : values.includes(value)
                    ? t('catalogueAdmin.form.optionDuplicate')
                    : textError(t, value)
            }
          />
        </FormField>
      )}
      {choice && draft.options.some(needsEnglish) && (
        <fieldset className="form-field attribute-form__english" aria-describedby={ids.optionsEn}>
          <legend className="form-field__label">{t('catalogueAdmin.english.optionsEn')}</legend>
          <p id={ids.optionsEn} className="form-field__hint">
            {t('catalogueAdmin.english.help')}
          </p>
          {draft.options.filter(needsEnglish).map((option) => (
            <label key={option} className="attribute-form__english-option">
              <span>{option}</span>
              <Input
                aria-label={t('catalogueAdmin.english.optionEn', { option })}
                value={optionsEn[option] ?? ''}
                maxLength={ATTRIBUTE_OPTION_MAX}
                onChange={(value) => {
                  setOptionsEn((e) => ({ ...e, [option]: value }));
                  setErrors((e) => ({ ...e, optionsEn: '' }));
                }}
              />
            </label>
          ))}
          {errors.optionsEn && (
            <p className="field-error" role="alert">
              {errors.optionsEn}
            </p>
          )}
        </fieldset>
      )}
      <FormField id={ids.unit} label={t('catalogueAdmin.form.unit')} error={errors.unit}>
        <Input
          ref={unitRef}
          id={ids.unit}
          value={draft.unit}
          maxLength={ATTRIBUTE_UNIT_MAX}
          placeholder={t('catalogueAdmin.form.unitPlaceholder')}
          onChange={(unit) => change({ unit })}
        />
      </FormField>
      <SwitchField
        label={t('catalogueAdmin.form.isRequired')}
        hint={t('catalogueAdmin.form.isRequiredHelp')}
        checked={draft.isRequired}
        onChange={(isRequired) => change({ isRequired })}
      />
      <SwitchField
        label={t('catalogueAdmin.form.isFilterable')}
        hint={t('catalogueAdmin.form.isFilterableHelp')}
        checked={draft.isFilterable}
        onChange={(isFilterable) => change({ isFilterable })}
      />
      {!attribute && (
        <SwitchField
          label={t('catalogueAdmin.form.shared')}
          hint={t('catalogueAdmin.form.sharedHelp')}
          checked={shared}
          onChange={(value) => {
            setShared(value);
            setErrors((e) => ({ ...e, isSize: '' }));
          }}
        />
      )}
      {canBeSize && (
        <SwitchField
          label={t('catalogueAdmin.form.isSize')}
          hint={t('catalogueAdmin.form.isSizeHelp')}
          checked={draft.isSize}
          onChange={(isSize) => change({ isSize })}
        />
      )}
      {errors.isSize && (
        <p className="field-error" role="alert">
          {errors.isSize}
        </p>
      )}
      <SwitchField
        label={t('catalogueAdmin.form.isEnabled')}
        hint={t('catalogueAdmin.form.isEnabledHelp')}
        checked={draft.isEnabled}
        onChange={(isEnabled) => change({ isEnabled })}
      />
      <FormField
        id={ids.name}
        label={t('catalogueAdmin.form.name')}
        hint={t('catalogueAdmin.form.nameHelp')}
        error={errors.name}
      >
        <Input
          ref={nameRef}
          id={ids.name}
          value={draft.name}
          maxLength={ATTRIBUTE_NAME_MAX}
          placeholder={t('catalogueAdmin.form.namePlaceholder')}
          onChange={(name) => change({ name })}
        />
      </FormField>
      <FormError message={otherErrors(errors, SHOWN)} />
      {inUse && (
        <Button
          block
          color="warning"
          fill="outline"
          loading={setEnabled.isPending}
          onClick={handleDisable}
        >
          {t('catalogueAdmin.form.disableInstead')}
        </Button>
      )}
      <div className="sheet__actions">
        <Button block onClick={onClose}>
          {t('catalogueAdmin.form.cancel')}
        </Button>
        <Button block type="submit" color="primary" loading={save.isPending}>
          {t('catalogueAdmin.form.save')}
        </Button>
      </div>
      {attribute && (
        <Button
          block
          color="danger"
          fill="none"
          className="catalogue-form__delete"
          loading={remove.isPending}
          onClick={() => void handleDelete()}
        >
          {t('catalogueAdmin.form.delete')}
        </Button>
      )}
    </form>
  );
}
