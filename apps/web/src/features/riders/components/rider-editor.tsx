import { useState } from 'react';
import { Button, Form, Input, Selector, Switch } from 'antd-mobile';
import { Picker } from '@/components/antd/picker';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import {
  euToMondopoint,
  mondopointToEu,
  RIDER_LIMITS,
  RIDER_NAME_MAX,
  RiderAbility,
  RiderStance,
  type RiderFields,
} from '@snowgear/contracts';
import { FormError } from '@/features/auth/components/form-error';
import { textRule } from '@/lib/text-rules';

/** A rider as the editor gives it back: the fields, and whether it is the account holder. */
export type RiderDraft = RiderFields & { isSelf: boolean };

interface Values {
  name: string;
  heightCm: string;
  weightKg: string;
  age: string;
  ability: RiderAbility[];
  bootSizeMondopoint: string;
  bootSoleLengthMm: string;
  stance: RiderStance[];
  isSelf: boolean;
}

type RangeKey = `riders.${'height' | 'weight' | 'age' | 'bootSize' | 'soleLength'}Range`;

const ABILITIES = [RiderAbility.I, RiderAbility.II, RiderAbility.III];
const STANCES = [RiderStance.Regular, RiderStance.Goofy];
/** The EU sizes the helper offers (Mondopoint 18.5 to 30.5). */
const EU_SIZES = Array.from({ length: 19 }, (_, i) => String(30 + i));

const asText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const asNumber = (s: string | undefined) => (s?.trim() ? Number(s) : null);

/** Empty, or a number within the bounds in whole steps of `step`. */
function fits(value: string | undefined, bounds: { min: number; max: number }, step = 1) {
  if (!value?.trim()) return true;
  const n = Number(value);
  return Number.isFinite(n) && n >= bounds.min && n <= bounds.max && Number.isInteger(n / step);
}

function rangeRule(message: string, bounds: { min: number; max: number }, step = 1) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      if (!fits(value, bounds, step)) throw new Error(message);
    },
  };
}

interface EditorProps {
  value: (RiderFields & { isSelf?: boolean }) | null;
  /** Offer 'this is me' (saved profiles). */
  withSelf?: boolean;
  onSave: (rider: RiderDraft) => unknown;
  onClose: () => void;
}

/**
 * A rider's details in a bottom sheet: for a saved profile and for a rider of a booking alike.
 * `value` null adds a rider; `onSave` may be asynchronous, and its error is shown in the sheet.
 * Every measurement is optional: what is given sizes the gear and suggests the binding's DIN.
 */
export function RiderEditor({ visible, ...props }: EditorProps & { visible: boolean }) {
  const { t } = useTranslation();
  const title = props.value ? t('riders.edit') : t('riders.add');
  return (
    <Popup
      showCloseButton
      visible={visible}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyClassName="sheet"
      destroyOnClose
    >
      {/* The form lives inside the sheet, so each opening starts from `value`. */}
      <section role="dialog" aria-modal="true" aria-label={title}>
        <h2 className="sheet__title">{title}</h2>
        <RiderForm {...props} />
      </section>
    </Popup>
  );
}

function RiderForm({ value, withSelf = false, onSave, onClose }: EditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [euOpen, setEuOpen] = useState(false);
  const mondopoint = Form.useWatch('bootSizeMondopoint', form);
  const limits = RIDER_LIMITS;
  const range = (key: RangeKey, bounds: { min: number; max: number }) =>
    t(key, { min: bounds.min, max: bounds.max });
  const euHint =
    mondopoint && fits(mondopoint, limits.bootSizeMondopoint, 0.5)
      ? t('riders.bootSizeEu', { eu: Math.round(mondopointToEu(Number(mondopoint)) * 2) / 2 })
      : null;

  const handleFinish = async (values: Values) => {
    setError(null);
    setSaving(true);
    try {
      await onSave({
        name: values.name.trim(),
        heightCm: asNumber(values.heightCm),
        weightKg: asNumber(values.weightKg),
        age: asNumber(values.age),
        ability: values.ability[0] ?? null,
        bootSizeMondopoint: asNumber(values.bootSizeMondopoint),
        bootSoleLengthMm: asNumber(values.bootSoleLengthMm),
        stance: values.stance[0] ?? null,
        isSelf: values.isSelf,
      });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : t('api.unknown'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          name: value?.name ?? '',
          heightCm: asText(value?.heightCm),
          weightKg: asText(value?.weightKg),
          age: asText(value?.age),
          ability: value?.ability ? [value.ability] : [],
          bootSizeMondopoint: asText(value?.bootSizeMondopoint),
          bootSoleLengthMm: asText(value?.bootSoleLengthMm),
          stance: value?.stance ? [value.stance] : [],
          isSelf: value?.isSelf ?? false,
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
          name="name"
          label={t('riders.name')}
          rules={[
            { required: true, whitespace: true, message: t('riders.nameRequired') },
            { max: RIDER_NAME_MAX, message: t('riders.nameTooLong', { max: RIDER_NAME_MAX }) },
            textRule(t),
          ]}
        >
          <Input placeholder={t('riders.namePlaceholder')} autoComplete="off" />
        </Form.Item>
        {withSelf && (
          <Form.Item
            name="isSelf"
            label={t('riders.isSelf')}
            valuePropName="checked"
            layout="horizontal"
          >
            <Switch aria-label={t('riders.isSelf')} />
          </Form.Item>
        )}
        <Form.Item
          name="heightCm"
          label={t('riders.height')}
          rules={[rangeRule(range('riders.heightRange', limits.heightCm), limits.heightCm)]}
        >
          <Input inputMode="numeric" placeholder={t('riders.optional')} />
        </Form.Item>
        <Form.Item
          name="weightKg"
          label={t('riders.weight')}
          rules={[rangeRule(range('riders.weightRange', limits.weightKg), limits.weightKg)]}
        >
          <Input inputMode="numeric" placeholder={t('riders.optional')} />
        </Form.Item>
        <Form.Item
          name="age"
          label={t('riders.age')}
          rules={[rangeRule(range('riders.ageRange', limits.age), limits.age)]}
        >
          <Input inputMode="numeric" placeholder={t('riders.optional')} />
        </Form.Item>
        <Form.Item name="ability" label={t('riders.ability')}>
          <Selector
            columns={1}
            options={ABILITIES.map((a) => ({
              value: a,
              label: t(`riders.abilities.${a}`),
              description: t(`riders.abilityHelp.${a}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="bootSizeMondopoint"
          label={t('riders.bootSize')}
          description={
            euHint ? `${t('riders.bootSizeHelp')} · ${euHint}` : t('riders.bootSizeHelp')
          }
          extra={
            <Button size="small" fill="none" color="primary" onClick={() => setEuOpen(true)}>
              {t('riders.fromEu')}
            </Button>
          }
          rules={[
            rangeRule(
              range('riders.bootSizeRange', limits.bootSizeMondopoint),
              limits.bootSizeMondopoint,
              0.5,
            ),
          ]}
        >
          <Input inputMode="decimal" placeholder={t('riders.optional')} />
        </Form.Item>
        <Form.Item
          name="bootSoleLengthMm"
          label={t('riders.soleLength')}
          description={t('riders.soleLengthHelp')}
          rules={[
            rangeRule(
              range('riders.soleLengthRange', limits.bootSoleLengthMm),
              limits.bootSoleLengthMm,
            ),
          ]}
        >
          <Input inputMode="numeric" placeholder={t('riders.optional')} />
        </Form.Item>
        <Form.Item name="stance" label={t('riders.stance')} description={t('riders.stanceHelp')}>
          <Selector
            columns={2}
            options={STANCES.map((s) => ({ value: s, label: t(`riders.stances.${s}`) }))}
          />
        </Form.Item>
      </Form>
      <Picker
        title={t('riders.fromEuTitle')}
        columns={[EU_SIZES.map((eu) => ({ label: `EU ${eu}`, value: eu }))]}
        visible={euOpen}
        onClose={() => setEuOpen(false)}
        onConfirm={([eu]) => {
          if (!eu) return;
          form.setFieldValue('bootSizeMondopoint', String(euToMondopoint(Number(eu))));
          void form.validateFields(['bootSizeMondopoint']);
        }}
      />
    </>
  );
}
