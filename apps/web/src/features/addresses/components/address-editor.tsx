import { useState } from 'react';
import { Button, Form, Input, Switch, TextArea } from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  CustomerAddressInputSchema,
  type CustomerAddress,
  type CustomerAddressInput,
} from '@snowgear/contracts';
import { FormError } from '@/components/form-error';
import { addressIssueText, addressSaveErrors, type AddressField } from '../utils/address-errors';

interface Values {
  label: string;
  address: string;
  isDefault: boolean;
}

interface EditorProps {
  /** The address to change; null adds one. */
  value: CustomerAddress | null;
  /** The customer has no address yet: this one becomes the default whatever is chosen. */
  isFirst: boolean;
  onSave: (input: CustomerAddressInput) => Promise<unknown>;
  onClose: () => void;
}

/** The contract's own check of one field, so the form refuses what the server would. */
function fieldRule(t: TFunction, field: AddressField) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const result = CustomerAddressInputSchema.shape[field].safeParse(value ?? '');
      const issue = result.error?.issues[0];
      if (issue) throw new Error(addressIssueText(t, issue.message));
    },
  };
}

/** An address is one line: a pasted line break becomes a space. */
const oneLine = (value: string | undefined) => (value ?? '').replace(/[\r\n\u2028\u2029]+/g, ' ');

/**
 * A saved address in a bottom sheet: what the customer calls it (optional, with one-tap
 * suggestions), the address, and whether it is the default. The server's answer to a save is
 * shown next to the field it is about, anything else under the form.
 */
export function AddressEditor({ visible, ...props }: EditorProps & { visible: boolean }) {
  const { t } = useTranslation();
  const title = props.value ? t('addresses.edit') : t('addresses.add');
  // Each opening starts a new form, also when it opens again before the last one has closed.
  const [openings, setOpenings] = useState(visible ? 1 : 0);
  const [wasVisible, setWasVisible] = useState(visible);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) setOpenings(openings + 1);
  }
  return (
    <Popup
      showCloseButton
      visible={visible}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyClassName="sheet"
      destroyOnClose
    >
      <section role="dialog" aria-modal="true" aria-label={title}>
        <h2 className="sheet__title">{title}</h2>
        <AddressForm key={openings} {...props} />
      </section>
    </Popup>
  );
}

function AddressForm({ value, isFirst, onSave, onClose }: EditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const label = Form.useWatch('label', form);
  // The default moves only to another address, and the first one is it.
  const defaultFixed = isFirst || !!value?.isDefault;
  const suggestions = [
    t('addresses.suggestHotel'),
    t('addresses.suggestHome'),
    t('addresses.suggestWork'),
  ];

  const handleFinish = async (values: Values) => {
    setError(null);
    setSaving(true);
    try {
      await onSave({
        label: values.label.trim(),
        address: values.address.trim(),
        isDefault: defaultFixed ? true : values.isDefault,
      });
      onClose();
    } catch (err) {
      const { fields, form: message } = addressSaveErrors(t, err);
      form.setFields(
        Object.entries(fields).map(([name, text]) => ({
          name: name as AddressField,
          errors: [text],
        })),
      );
      setError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        label: value?.label ?? '',
        address: value?.address ?? '',
        isDefault: defaultFixed,
      }}
      onFinish={(values: Values) => void handleFinish(values)}
      footer={
        <>
          <FormError message={error} />
          <div className="sheet__actions">
            <Button block onClick={onClose}>
              {t('profile.cancel')}
            </Button>
            <Button block type="submit" color="primary" loading={saving}>
              {t('profile.save')}
            </Button>
          </div>
        </>
      }
    >
      <Form.Item
        name="address"
        label={t('addresses.address')}
        rules={[fieldRule(t, 'address')]}
        normalize={oneLine}
      >
        <TextArea
          placeholder={t('addresses.addressPlaceholder')}
          autoSize={{ minRows: 2, maxRows: 4 }}
          enterKeyHint="done"
        />
      </Form.Item>
      <Form.Item
        name="label"
        label={t('addresses.label')}
        rules={[fieldRule(t, 'label')]}
        description={
          <div className="chip-row" role="group" aria-label={t('addresses.labelSuggestions')}>
            {suggestions.map((s) => (
              <button
                key={s}
                type="button"
                className={`chip${s === label ? ' chip--selected' : ''}`}
                aria-pressed={s === label}
                onClick={() => {
                  form.setFieldValue('label', s);
                  void form.validateFields(['label']);
                }}
              >
                {s}
              </button>
            ))}
          </div>
        }
      >
        <Input placeholder={t('addresses.labelPlaceholder')} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="isDefault"
        label={t('addresses.isDefault')}
        valuePropName="checked"
        layout="horizontal"
        description={
          value?.isDefault
            ? t('addresses.defaultMoves')
            : isFirst
              ? t('addresses.firstIsDefault')
              : undefined
        }
      >
        <Switch aria-label={t('addresses.isDefault')} disabled={defaultFixed} />
      </Form.Item>
    </Form>
  );
}
