import { useState } from 'react';
import { Button, List, Stepper, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DIN_SETTING, Permissions, type Order, type OrderItem } from '@snowgear/contracts';
import { ActionPanel, PanelActions } from '@/components/action-panel';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { riderFacts } from '@/lib/rider-facts';
import { useConfirmDin } from '../api/confirm-din';

/** What the suggestion needs and a rider may have left out. */
const NEEDED = ['heightCm', 'weightKg', 'bootSoleLengthMm'] as const;

const fitsBinding = (value: number | null): value is number =>
  value !== null &&
  value >= DIN_SETTING.min &&
  value <= DIN_SETTING.max &&
  Number.isInteger(value / DIN_SETTING.step);

/**
 * The DIN-adjustable skis of an order, for the technician at the bench: each line's rider as
 * booked (height, weight, age, type, sole length), the chart's suggestion clearly marked as one,
 * the value set so far, and 'confirm DIN' for staff who handle the store's orders. `tip`
 * explains where the suggestion comes from (once a page).
 */
export function DinLines({ order, tip = false }: { order: Order; tip?: boolean }) {
  const { t, i18n } = useTranslation();
  const permissions = useSession((s) => s.permissions);
  const canConfirm =
    permissions.includes(Permissions.StoreManagement.Orders) ||
    permissions.includes(Permissions.BusinessOperations.OrderProcess);
  const [confirming, setConfirming] = useState<OrderItem | null>(null);
  const lines = order.items.filter((item) => item.dinAdjustable);
  if (lines.length === 0) return null;

  const explain = (item: OrderItem) => {
    const { rider } = item;
    if (!rider) return t('din.noRider');
    const facts = riderFacts(t, rider, ['height', 'weight', 'age', 'ability', 'sole']);
    if (item.dinSuggestion !== null) return facts;
    const missing = NEEDED.filter((field) => rider[field] === null);
    const why = missing.length
      ? t('din.missing', {
          fields: new Intl.ListFormat(i18n.language).format(
            missing.map((field) => t(`din.fields.${field}`)),
          ),
        })
      : t('din.noChart');
    return facts ? `${facts} · ${why}` : why;
  };

  return (
    <>
      <List header={t('din.title')} className="din-lines">
        {tip && <List.Item className="din-lines__tip">{t('din.tip')}</List.Item>}
        {lines.map((item) => (
          <List.Item
            key={item.id}
            description={explain(item)}
            extra={
              canConfirm ? (
                <Button
                  color="primary"
                  fill="outline"
                  className="din-lines__confirm"
                  onClick={() => setConfirming(item)}
                >
                  {t('din.confirm')}
                </Button>
              ) : null
            }
          >
            <div className="din-lines__who">
              {item.rider?.name ?? item.categoryName}
              <small>
                {' · '}
                {[item.categoryName, item.barcodeNumber ?? item.sizeLabel]
                  .filter(Boolean)
                  .join(' ')}
              </small>
            </div>
            <div className="din-lines__values">
              {item.dinSuggestion !== null && (
                <span className="din-lines__suggestion">
                  {t('din.suggestion', { value: item.dinSuggestion })}
                </span>
              )}
              <Tag color={item.dinSetting === null ? 'default' : 'success'}>
                {item.dinSetting === null
                  ? t('din.notSet')
                  : t('din.set', { value: item.dinSetting })}
              </Tag>
            </div>
          </List.Item>
        ))}
      </List>
      {confirming && (
        <DinConfirmPanel order={order} item={confirming} onClose={() => setConfirming(null)} />
      )}
    </>
  );
}

/** The value actually set on the binding: the suggestion (or the last value) to start from. */
function DinConfirmPanel({
  order,
  item,
  onClose,
}: {
  order: Order;
  item: OrderItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmDin();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [setting, setSetting] = useState<number | null>(item.dinSetting ?? item.dinSuggestion);
  const [error, setError] = useState<string | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const name = item.rider?.name ?? item.categoryName;

  const handleConfirm = () => {
    if (!fitsBinding(setting)) {
      setRangeError(t('din.settingRange', { min: DIN_SETTING.min, max: DIN_SETTING.max }));
      return;
    }
    setRangeError(null);
    setError(null);
    confirm.mutate(
      { orderId: order.id, itemId: item.id, setting },
      {
        onSuccess: () => {
          showSuccess(t('din.done', { value: setting }));
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <ActionPanel visible title={t('din.confirmTitle', { name })} onClose={onClose}>
      {item.dinSuggestion !== null && (
        <p className="order-panel__tip">{t('din.suggestion', { value: item.dinSuggestion })}</p>
      )}
      <label className="order-panel__row">
        <span>{t('din.setting')}</span>
        {/* No min/max: the stepper would bring 20 down to 14 unseen; a value out of range is
            refused below the field instead. */}
        <Stepper
          allowEmpty
          step={0.5}
          value={setting}
          onChange={(value) => {
            setSetting(value);
            setRangeError(null);
          }}
          aria-label={t('din.setting')}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? 'din-setting-error' : undefined}
        />
      </label>
      {rangeError && (
        <p id="din-setting-error" className="order-panel__error" role="alert">
          {rangeError}
        </p>
      )}
      <PanelActions error={error}>
        <Button block size="large" onClick={onClose}>
          {t('orders.back')}
        </Button>
        <Button
          block
          size="large"
          color="primary"
          loading={confirm.isPending}
          onClick={handleConfirm}
        >
          {t('din.confirm')}
        </Button>
      </PanelActions>
    </ActionPanel>
  );
}
