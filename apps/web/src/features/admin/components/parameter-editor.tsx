import { Checkbox, Input, Selector, type InputRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ParameterKind, PARAMETER_LIMITS, type AdminParameter } from '@snowgear/contracts';
import { ChipsInput } from '@/components/chips-input';
import { FormField, fieldErrorId } from '@/components/form-field';
import { useFieldAria } from '@/lib/use-field-aria';
import { listOf, readable } from '@/features/system-config';

type Key = AdminParameter['key'];

/** The last part of a parameter's key: its name in the locale files. */
export const shortKey = (key: Key) => key.split('.').pop() as ParameterName;
type ParameterName =
  | 'DefaultRentalDays'
  | 'OrderTimeoutHours'
  | 'DeliveryFee'
  | 'PickupFee'
  | 'PresetDeliveryAddresses'
  | 'PresetPickupAddresses'
  | 'PresetDepositAmounts'
  | 'NextDayThreshold'
  | 'WeChatPayEnabled'
  | 'AlipayEnabled'
  | 'AgentCommissionRate'
  | 'LateReturnGraceHours'
  | 'MaxStaffDiscountPercent'
  | 'CashOnDelivery'
  | 'CounterSignatureRequired'
  | 'JuniorAge'
  | 'HalfDayFrom'
  | 'EarlyBookingDays'
  | 'EarlyBookingPercent';

interface Props {
  parameter: AdminParameter;
  /** What the editor holds: the store's own value (null follows the business) or the business's. */
  value: string | null;
  /** Editing a store's values: the editor can follow the business's value instead. */
  forStore: boolean;
  disabled: boolean;
  error?: string | undefined;
  onChange: (value: string | null) => void;
}

/**
 * One business parameter, edited as what it is: a number of days or hours, money, a time of day,
 * a list of addresses or amounts, or a switch. For a store, 'as the business' leaves it blank.
 */
export function ParameterEditor({
  parameter,
  value: held,
  forStore,
  disabled,
  error,
  onChange,
}: Props) {
  const { t } = useTranslation();
  const name = shortKey(parameter.key);
  const id = `parameter-${name}`;
  const inheriting = forStore && held === null;
  const value = held ?? '';
  const ref = useFieldAria<InputRef>(!!error, fieldErrorId(id, error));
  const label = t(`admin.parameters.keys.${name}.label`);
  const unit = t(`admin.parameters.keys.${name}.unit`);
  const source = t(`admin.parameters.source.${parameter.source}`);

  const editor = () => {
    switch (parameter.kind) {
      case ParameterKind.Switch:
        return (
          <Selector
            columns={2}
            options={[
              { label: t('admin.parameters.on'), value: 'true' },
              { label: t('admin.parameters.off'), value: 'false' },
            ]}
            value={[value.toLowerCase() === 'true' ? 'true' : 'false']}
            disabled={disabled}
            onChange={(v) => v[0] && onChange(v[0])}
          />
        );
      case ParameterKind.TimeOfDay:
        return (
          <input
            id={id}
            type="time"
            className="admin-form__time"
            value={value}
            disabled={disabled}
            aria-invalid={!!error}
            aria-describedby={fieldErrorId(id, error)}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      case ParameterKind.Addresses:
      case ParameterKind.Amounts: {
        const amounts = parameter.kind === ParameterKind.Amounts;
        const entries = listOf(value);
        return (
          <ChipsInput
            id={id}
            values={entries}
            disabled={disabled}
            maxLength={amounts ? 9 : PARAMETER_LIMITS.addressMax}
            placeholder={
              amounts
                ? t('admin.parameters.amountPlaceholder')
                : t('admin.parameters.addressPlaceholder')
            }
            addText={t('admin.parameters.addAddress')}
            removeLabel={(entry) => t('admin.parameters.removeEntry', { value: entry })}
            error={error}
            validate={(entry, all) => {
              if (!entry) return t('admin.parameters.issues.empty');
              if (all.includes(entry)) return t('admin.parameters.issues.duplicate');
              if (all.length >= PARAMETER_LIMITS.listMax)
                return t('admin.parameters.issues.TooManyEntries');
              if (amounts && !/^\d{1,6}(\.\d{1,2})?$/.test(entry))
                return t('admin.parameters.issues.InvalidNumber');
              return null;
            }}
            onChange={(next) => onChange(JSON.stringify(amounts ? next.map(Number) : next))}
          />
        );
      }
      case ParameterKind.Days:
      case ParameterKind.Hours:
      case ParameterKind.Percent:
      case ParameterKind.Money:
        return (
          <Input
            ref={ref}
            id={id}
            inputMode={parameter.kind === ParameterKind.Money ? 'decimal' : 'numeric'}
            value={value}
            disabled={disabled}
            maxLength={9}
            clearable
            onChange={onChange}
          />
        );
    }
  };

  return (
    <div className="parameter">
      <FormField
        id={id}
        label={
          <>
            {label}
            {unit && <span className="parameter__unit">（{unit}）</span>}
          </>
        }
        hint={t(`admin.parameters.keys.${name}.hint`)}
        error={
          parameter.kind === ParameterKind.Addresses || parameter.kind === ParameterKind.Amounts
            ? undefined
            : error
        }
      >
        {forStore && parameter.scope === 'any' && (
          <Checkbox
            className="parameter__inherit"
            checked={inheriting}
            disabled={disabled}
            onChange={(follow) =>
              onChange(follow ? null : parameter.global || defaultFor(parameter))
            }
          >
            {/* A store with its own value reads only that one; the business's shows while followed. */}
            {inheriting
              ? t('admin.parameters.inheritValue', {
                  value: readable(t, parameter, parameter.global),
                })
              : t('admin.parameters.inherit')}
          </Checkbox>
        )}
        {!inheriting && editor()}
      </FormField>
      <p className="parameter__effective">
        {t('admin.parameters.effective', { value: readable(t, parameter, parameter.effective) })}
        {' · '}
        {source}
      </p>
    </div>
  );
}

/** What an editor starts from when a store stops following the business and there is nothing set. */
function defaultFor(parameter: AdminParameter): string {
  switch (parameter.kind) {
    case ParameterKind.Switch:
      return 'false';
    case ParameterKind.Addresses:
    case ParameterKind.Amounts:
      return '[]';
    case ParameterKind.TimeOfDay:
      return '21:00';
    case ParameterKind.Days:
      return '1';
    case ParameterKind.Hours:
    case ParameterKind.Percent:
    case ParameterKind.Money:
      return '0';
  }
}
