import type { ReactNode } from 'react';
import { Input, TextArea, type InputRef, type TextAreaRef } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  OrderCustomerNameSchema,
  OrderCustomerPhoneSchema,
  PERSON_NAME_MAX,
  TextIssue,
} from '@snowgear/contracts';
import { textError } from '@/lib/text-rules';
import { useFieldAria } from '@/lib/use-field-aria';

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
  const nameRef = useFieldAria<InputRef>(!!errors.customerName, errorId(NAME, errors.customerName));
  const phoneRef = useFieldAria<InputRef>(
    !!errors.customerPhone,
    errorId(PHONE, errors.customerPhone),
  );
  const remarksRef = useFieldAria<TextAreaRef>(!!errors.remarks, errorId(REMARKS, errors.remarks));
  return (
    <div className="agent-customer">
      <Field id={NAME} label={t('orderCreate.customerName')} error={errors.customerName}>
        <Input
          ref={nameRef}
          id={NAME}
          value={name}
          maxLength={PERSON_NAME_MAX}
          clearable
          autoComplete="off"
          placeholder={t('orderCreate.customerNamePlaceholder')}
          onChange={(customerName) => onChange({ customerName })}
        />
      </Field>
      <Field id={PHONE} label={t('orderCreate.customerPhone')} error={errors.customerPhone}>
        <Input
          ref={phoneRef}
          id={PHONE}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={phone}
          maxLength={20}
          clearable
          placeholder={t('orderCreate.customerPhonePlaceholder')}
          onChange={(customerPhone) => onChange({ customerPhone })}
        />
      </Field>
      <Field id={REMARKS} label={t('agentBooking.remarks')} error={errors.remarks}>
        <TextArea
          ref={remarksRef}
          id={REMARKS}
          placeholder={t('agentBooking.remarksPlaceholder')}
          value={remarks}
          maxLength={200}
          rows={2}
          onChange={(value) => onChange({ remarks: value })}
        />
      </Field>
    </div>
  );
}

const NAME = 'agent-customer-name';
const PHONE = 'agent-customer-phone';
const REMARKS = 'agent-customer-remarks';
const errorId = (id: string, error: string | undefined) => (error ? `${id}-error` : undefined);

/** A labelled box with its message under it. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="address-field">
      <label htmlFor={id} className="address-field__label">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
