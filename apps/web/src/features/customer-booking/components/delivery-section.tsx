import { lazy, Suspense, type ReactNode } from 'react';
import { Radio, Space } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SavedAddressSlot } from './address-field';
import { DeliveryMethod, ReturnMethod } from '@snowgear/contracts';
import { money } from '@/lib/money';
import type { PresetAddress } from '@/features/system-config';

interface Props {
  deliveryMethod: DeliveryMethod;
  deliveryAddress: string;
  returnMethod: ReturnMethod;
  returnAddress: string;
  deliveryFee: number;
  pickupFee: number;
  deliveryPresets: PresetAddress[];
  pickupPresets: PresetAddress[];
  errors: { deliveryAddress?: string | undefined; returnAddress?: string | undefined };
  /** Beside each address field: the signed-in customer's saved addresses (the page gives them). */
  savedAddresses?: ((field: SavedAddressSlot) => ReactNode) | undefined;
  onChange: (changes: {
    deliveryMethod?: DeliveryMethod;
    deliveryAddress?: string;
    returnMethod?: ReturnMethod;
    returnAddress?: string;
  }) => void;
}

/** Loaded when delivery or pickup is chosen (most riders pick up at the counter). */
const AddressField = lazy(() =>
  import('./address-field').then((m) => ({ default: m.AddressField })),
);

/** How the gear reaches the rider and comes back, with the store's fees and preset addresses. */
export function DeliverySection(props: Props) {
  const { t } = useTranslation();
  const { onChange } = props;
  return (
    <div className="delivery-section">
      <fieldset>
        <legend>{t('booking.howToGet')}</legend>
        <Radio.Group
          value={props.deliveryMethod}
          onChange={(v) => onChange({ deliveryMethod: v as DeliveryMethod })}
        >
          <Space direction="vertical" block>
            <Radio value={DeliveryMethod.SelfPickup}>{t('booking.selfPickup')}</Radio>
            <Radio value={DeliveryMethod.Delivery}>
              {t('booking.delivery')}
              {props.deliveryFee > 0 && ` (${money(props.deliveryFee)})`}
            </Radio>
          </Space>
        </Radio.Group>
        {props.deliveryMethod === DeliveryMethod.Delivery && (
          <Suspense fallback={<div className="address-field address-field--loading" />}>
            <AddressField
              id="booking-delivery-address"
              label={t('booking.deliveryAddress')}
              value={props.deliveryAddress}
              presets={props.deliveryPresets}
              error={props.errors.deliveryAddress}
              saved={props.savedAddresses}
              onChange={(deliveryAddress) => onChange({ deliveryAddress })}
            />
          </Suspense>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('booking.howToReturn')}</legend>
        <Radio.Group
          value={props.returnMethod}
          onChange={(v) => onChange({ returnMethod: v as ReturnMethod })}
        >
          <Space direction="vertical" block>
            <Radio value={ReturnMethod.SelfReturn}>{t('booking.selfReturn')}</Radio>
            <Radio value={ReturnMethod.Pickup}>
              {t('booking.pickup')}
              {props.pickupFee > 0 && ` (${money(props.pickupFee)})`}
            </Radio>
          </Space>
        </Radio.Group>
        {props.returnMethod === ReturnMethod.Pickup && (
          <Suspense fallback={<div className="address-field address-field--loading" />}>
            <AddressField
              id="booking-return-address"
              label={t('booking.returnAddress')}
              value={props.returnAddress}
              presets={props.pickupPresets}
              error={props.errors.returnAddress}
              saved={props.savedAddresses}
              onChange={(returnAddress) => onChange({ returnAddress })}
            />
          </Suspense>
        )}
      </fieldset>
    </div>
  );
}
