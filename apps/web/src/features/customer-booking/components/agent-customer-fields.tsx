import type { ReactNode } from 'react';
import { Input } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { OrderCustomerNameSchema, OrderCustomerPhoneSchema, TextIssue } from '@snowgear/contracts';
import { LabelledTextArea } from '@/components/labelled-text-area';
import { textError } from '@/lib/text-rules';

interface Errors {
  customerName?: string | undefined;
  customerPhone?: string | undefined;
  remarks?: string | undefined;
}

/** The server's rules for the customer an agent books for, as messages next to each field. */
export function agentCustomerErrors(
  draft: { customerName: string; customerPhone: string; remarks: string },
  t: TFunction,
): Errors {
  const problem = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
    if (result.success) return undefined;
    const code = result.error?.issues[0]?.message;
    if (code === 'CustomerNameRequired') return t('validation.CustomerNameRequired');
    if (code === 'InvalidPhone') return t('validation.InvalidPhone');
    if (code === TextIssue.NothingVisible) return t('validation.NothingVisible');
    return t('validation.InvalidCharacters');
  };
  return {
    customerName: problem(OrderCustomerNameSchema.safeParse(draft.customerName)),
    customerPhone: problem(OrderCustomerPhoneSchema.safeParse(draft.customerPhone)),
    remarks: textError(t, draft.remarks, { multiLine: true }) ?? undefined,
  };
}

interface Props {
  name: string;
  phone: string;
  remarks: string;
  errors: Errors;
  onChange: (changes: { customerName?: string; customerPhone?: string; remarks?: string }) => void;
}

/**
 * Whom an agent books for: the customer's name and the number the store reaches them on (a
 * customer account with this verified number sees the order), and a note for the store.
 */
export function AgentCustomerFields({ name, phone, remarks, errors, onChange }: Props) {
  const { t } = useTranslation();
  const field = (
    id: string,
    label: string,
    error: string | undefined,
    input: (described: { 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode,
  ) => (
    <div className="address-field">
      <label htmlFor={id} className="address-field__label">
        {label}
      </label>
      {input({
        'aria-invalid': !!error,
        ...(error ? { 'aria-describedby': `${id}-error` } : {}),
      })}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
  return (
    <div className="agent-customer">
      {field('agent-customer-name', t('orderCreate.customerName'), errors.customerName, (a) => (
        <Input
          id="agent-customer-name"
          value={name}
          maxLength={50}
          clearable
          autoComplete="off"
          placeholder={t('orderCreate.customerNamePlaceholder')}
          onChange={(customerName) => onChange({ customerName })}
          {...a}
        />
      ))}
      {field('agent-customer-phone', t('orderCreate.customerPhone'), errors.customerPhone, (a) => (
        <Input
          id="agent-customer-phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={phone}
          maxLength={20}
          clearable
          placeholder={t('orderCreate.customerPhonePlaceholder')}
          onChange={(customerPhone) => onChange({ customerPhone })}
          {...a}
        />
      ))}
      <LabelledTextArea
        label={t('agentBooking.remarks')}
        placeholder={t('agentBooking.remarksPlaceholder')}
        value={remarks}
        maxLength={200}
        rows={2}
        aria-invalid={!!errors.remarks}
        onChange={(value) => onChange({ remarks: value })}
      />
      {errors.remarks && (
        <p className="field-error" role="alert">
          {errors.remarks}
        </p>
      )}
    </div>
  );
}
