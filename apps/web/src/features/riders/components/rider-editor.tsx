import { useEffect, useId, useState } from 'react';
import { Button, Form, Input, Selector, Switch } from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import {
  BOOT_SIZE_SYSTEMS,
  bootSizeBounds,
  bootSizeToMondopoint,
  feetInchesToCm,
  kgToLb,
  lbToKg,
  mondopointToBootSize,
  RIDER_LIMITS,
  RIDER_NAME_MAX,
  RiderAbility,
  RiderStance,
  type BootSizeSystem,
  type RiderFields,
} from '@snowgear/contracts';
import { ChoiceChips } from '@/components/choice-fields';
import { FormError } from '@/components/form-error';
import {
  bootSizeEquivalentsText,
  HeightUnit,
  readsImperial,
  useBootSizeSystem,
  useHeightUnit,
  useWeightUnit,
  WeightUnit,
} from '@/lib/size-systems';
import { textRule } from '@/lib/text-rules';
import {
  emptyFeetInches,
  FeetInchesInput,
  feetInchesOf,
  HEIGHT_INCHES,
  inchesOf,
  WEIGHT_LB,
  type FeetInches,
} from './imperial-measures';

/** A rider as the editor gives it back: the fields, and whether it is the account holder. */
export type RiderDraft = RiderFields & { isSelf: boolean };

interface Values {
  name: string;
  heightCm: string;
  heightFtIn: FeetInches;
  weightKg: string;
  weightLb: string;
  age: string;
  ability: RiderAbility[];
  /** In the size system chosen beside it; kept as Mondopoint. */
  bootSize: string;
  bootSoleLengthMm: string;
  stance: RiderStance[];
  isSelf: boolean;
}

type RangeKey =
  `riders.${'height' | 'weight' | 'weightLb' | 'age' | 'bootSize' | 'soleLength'}Range`;

const ABILITIES = [RiderAbility.I, RiderAbility.II, RiderAbility.III];
const STANCES = [RiderStance.Regular, RiderStance.Goofy];

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
  /** The form on a page of its own (self check-in): no cancel, the save button's own words. */
  standalone?: { saveText: string };
  onSave: (rider: RiderDraft) => unknown;
  onClose: () => void;
}

/**
 * A rider's details in a bottom sheet: for a saved profile and for a rider of a booking alike.
 * `value` null adds a rider; `onSave` may be asynchronous, and its error is shown in the sheet.
 * Every measurement is optional: what is given sizes the gear and suggests the binding's DIN.
 */
export function RiderEditor({
  visible,
  titles,
  ...props
}: EditorProps & {
  visible: boolean;
  /** The sheet's title in the words of the page that opens it (the counter says skier). */
  titles?: { add: string; edit: string };
}) {
  const { t } = useTranslation();
  const title = props.value ? (titles?.edit ?? t('riders.edit')) : (titles?.add ?? t('riders.add'));
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

/** The rider's details as a form (in the sheet above, or on a page of its own). */
export function RiderForm({ value, withSelf = false, standalone, onSave, onClose }: EditorProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { height: useId(), weight: useId(), system: useId() };
  // Feet, inches and pounds for English readers who choose them; Chinese readers keep cm and kg.
  const imperial = readsImperial(i18n.language);
  const [chosenHeightUnit, setHeightUnit] = useHeightUnit();
  const [chosenWeightUnit, setWeightUnit] = useWeightUnit();
  const heightUnit = imperial ? chosenHeightUnit : HeightUnit.Cm;
  const weightUnit = imperial ? chosenWeightUnit : WeightUnit.Kg;
  const [rememberedSystem, rememberSystem] = useBootSizeSystem();
  // A child's foot has no adult UK or US size: such a rider opens in Mondopoint.
  const [system, setSystem] = useState<BootSizeSystem>(() =>
    value?.bootSizeMondopoint != null &&
    mondopointToBootSize(rememberedSystem, value.bootSizeMondopoint) === null
      ? 'mondopoint'
      : rememberedSystem,
  );
  const bootSize = Form.useWatch('bootSize', form);
  const limits = RIDER_LIMITS;
  const range = (key: RangeKey, bounds: { min: number; max: number }) =>
    t(key, { min: bounds.min, max: bounds.max });
  const systemName = (s: BootSizeSystem) => t(`bootSizes.systems.${s}`);
  const mondopointOf = (size: string | undefined, of: BootSizeSystem = system) =>
    size?.trim() ? bootSizeToMondopoint(of, Number(size)) : null;
  const bootMondopoint = mondopointOf(bootSize);
  const bootBounds = bootSizeBounds(system);
  const bootRangeMessage =
    system === 'mondopoint' || system === 'eu'
      ? range('riders.bootSizeRange', bootBounds)
      : t('riders.bootSizeAdultRange', { system: systemName(system), ...bootBounds });
  // A size left as it was is checked again on the newly chosen system (a child's size in UK).
  useEffect(() => {
    if ((form.getFieldValue('bootSize') as string | undefined)?.trim()) {
      form.validateFields(['bootSize']).catch(() => undefined);
    }
  }, [form, system]);
  const feetInches = (inches: number) =>
    t('riders.feetInches', { feet: Math.floor(inches / 12), inches: inches % 12 });

  /** The size entered, in the newly chosen system where it has one; the choice is remembered. */
  const handleSystem = (next: BootSizeSystem) => {
    const mondopoint = mondopointOf(form.getFieldValue('bootSize') as string);
    const converted = mondopoint === null ? null : mondopointToBootSize(next, mondopoint);
    if (converted !== null) form.setFieldValue('bootSize', String(converted));
    setSystem(next);
    rememberSystem(next);
  };

  const handleHeightUnit = (next: HeightUnit) => {
    if (next === HeightUnit.FeetInches) {
      const cm = form.getFieldValue('heightCm') as string;
      if (cm.trim() && fits(cm, limits.heightCm)) {
        form.setFieldValue('heightFtIn', feetInchesOf(Number(cm)));
      }
    } else {
      const inches = inchesOf(form.getFieldValue('heightFtIn') as FeetInches);
      if (inches !== null) form.setFieldValue('heightCm', String(feetInchesToCm(0, inches)));
    }
    setHeightUnit(next);
  };

  const handleWeightUnit = (next: WeightUnit) => {
    const [from, to, convert, bounds] =
      next === WeightUnit.Lb
        ? (['weightKg', 'weightLb', kgToLb, limits.weightKg] as const)
        : (['weightLb', 'weightKg', lbToKg, WEIGHT_LB] as const);
    const given = form.getFieldValue(from) as string;
    if (given.trim() && fits(given, bounds)) form.setFieldValue(to, String(convert(Number(given))));
    setWeightUnit(next);
  };

  const handleFinish = async (values: Values) => {
    setError(null);
    setSaving(true);
    const inches = inchesOf(values.heightFtIn);
    const pounds = asNumber(values.weightLb);
    try {
      await onSave({
        name: values.name.trim(),
        heightCm:
          heightUnit === HeightUnit.FeetInches
            ? inches === null
              ? null
              : feetInchesToCm(0, inches)
            : asNumber(values.heightCm),
        weightKg:
          weightUnit === WeightUnit.Lb
            ? pounds === null
              ? null
              : lbToKg(pounds)
            : asNumber(values.weightKg),
        age: asNumber(values.age),
        ability: values.ability[0] ?? null,
        bootSizeMondopoint: mondopointOf(values.bootSize),
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

  const unitChips = <T extends string>(
    labelledBy: string,
    options: readonly { value: T; label: string }[],
    chosen: T,
    onChange: (value: T) => void,
  ) =>
    imperial && (
      <div className="rider-units">
        <ChoiceChips labelledBy={labelledBy} options={options} value={chosen} onChange={onChange} />
      </div>
    );

  const initialBoot =
    value?.bootSizeMondopoint == null
      ? null
      : mondopointToBootSize(system, value.bootSizeMondopoint);

  // Each measure's unit, chosen beside its field (whichever unit the field is in).
  const heightChips = unitChips(
    ids.height,
    [
      { value: HeightUnit.Cm, label: t('riders.heightUnits.cm') },
      { value: HeightUnit.FeetInches, label: t('riders.heightUnits.ftIn') },
    ],
    heightUnit,
    handleHeightUnit,
  );
  const weightChips = unitChips(
    ids.weight,
    [
      { value: WeightUnit.Kg, label: t('riders.weightUnits.kg') },
      { value: WeightUnit.Lb, label: t('riders.weightUnits.lb') },
    ],
    weightUnit,
    handleWeightUnit,
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        name: value?.name ?? '',
        heightCm: asText(value?.heightCm),
        heightFtIn: feetInchesOf(value?.heightCm),
        weightKg: asText(value?.weightKg),
        weightLb: value?.weightKg == null ? '' : String(kgToLb(value.weightKg)),
        age: asText(value?.age),
        ability: value?.ability ? [value.ability] : [],
        bootSize: asText(initialBoot),
        bootSoleLengthMm: asText(value?.bootSoleLengthMm),
        stance: value?.stance ? [value.stance] : [],
        isSelf: value?.isSelf ?? false,
      }}
      onFinish={(values: Values) => void handleFinish(values)}
      footer={
        <>
          <FormError message={error} />
          <div className="sheet__actions">
            {!standalone && (
              <Button block onClick={onClose}>
                {t('profile.cancel')}
              </Button>
            )}
            <Button block type="submit" color="primary" loading={saving}>
              {standalone?.saveText ?? t('profile.save')}
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
      {heightUnit === HeightUnit.FeetInches ? (
        <Form.Item
          name="heightFtIn"
          label={<span id={ids.height}>{t('riders.heightFtIn')}</span>}
          extra={heightChips}
          rules={[
            {
              validator: async (_: unknown, given: FeetInches | undefined) => {
                if (!emptyFeetInches(given) && inchesOf(given) === null) {
                  throw new Error(
                    t('riders.heightFtInRange', {
                      min: feetInches(HEIGHT_INCHES.min),
                      max: feetInches(HEIGHT_INCHES.max),
                    }),
                  );
                }
              },
            },
          ]}
        >
          <FeetInchesInput />
        </Form.Item>
      ) : (
        <Form.Item
          name="heightCm"
          label={<span id={ids.height}>{t('riders.height')}</span>}
          extra={heightChips}
          rules={[rangeRule(range('riders.heightRange', limits.heightCm), limits.heightCm)]}
        >
          <Input inputMode="numeric" placeholder={t('riders.optional')} />
        </Form.Item>
      )}
      {weightUnit === WeightUnit.Lb ? (
        <Form.Item
          name="weightLb"
          label={<span id={ids.weight}>{t('riders.weightLb')}</span>}
          extra={weightChips}
          rules={[rangeRule(range('riders.weightLbRange', WEIGHT_LB), WEIGHT_LB)]}
        >
          <Input inputMode="numeric" placeholder={t('riders.optional')} />
        </Form.Item>
      ) : (
        <Form.Item
          name="weightKg"
          label={<span id={ids.weight}>{t('riders.weight')}</span>}
          extra={weightChips}
          rules={[rangeRule(range('riders.weightRange', limits.weightKg), limits.weightKg)]}
        >
          <Input inputMode="numeric" placeholder={t('riders.optional')} />
        </Form.Item>
      )}
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
      <Form.Item label={<span id={ids.system}>{t('riders.bootSizeSystem')}</span>}>
        <div className="rider-units">
          <ChoiceChips
            labelledBy={ids.system}
            options={BOOT_SIZE_SYSTEMS.map((s) => ({ value: s, label: systemName(s) }))}
            value={system}
            onChange={handleSystem}
          />
        </div>
      </Form.Item>
      <Form.Item
        name="bootSize"
        label={t('riders.bootSize', { system: systemName(system) })}
        description={
          bootMondopoint === null
            ? t(`riders.bootSizeHelp.${system}`)
            : t('riders.bootSizeIs', {
                mondopoint: bootMondopoint,
                equivalents: bootSizeEquivalentsText(t, bootMondopoint),
              })
        }
        rules={[
          {
            validator: async (_: unknown, given: string | undefined) => {
              if (given?.trim() && mondopointOf(given) === null) throw new Error(bootRangeMessage);
            },
          },
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
  );
}
