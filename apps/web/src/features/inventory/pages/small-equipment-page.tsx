import { useState } from 'react';
import {
  Button,
  Form,
  Input,
  List,
  SearchBar,
  Segmented,
  Selector,
  Tag,
  TextArea,
} from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permissions, type SmallEquipment } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PagedList, useShownTotal } from '@/components/paged-list';
import { FormError } from '@/components/form-error';
import { NumberStepper } from '@/components/number-stepper';
import { textError, textRule } from '@/lib/text-rules';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { WorkingStoreBar, useWorkingStore } from '@/features/stores';
import {
  useAddSmallEquipment,
  useAdjustSmallEquipment,
  useRenameSmallEquipment,
  useSmallEquipment,
  useSmallEquipmentHistory,
} from '../api/small-equipment';
import { storeTimeText } from '@/lib/store-time';

/** Gear counted by quantity (socks, hand warmers …): list, adjust with a reason, history. */
export default function SmallEquipmentPage() {
  const { t } = useTranslation();
  const storeId = useWorkingStore().storeId ?? undefined;
  const canAdd = useSession((s) =>
    s.permissions.includes(Permissions.BusinessOperations.EquipmentCreate),
  );
  const [keyword, setKeyword] = useState('');
  // `?low=1`: only what is running low, as the store dashboard's figure counts it.
  const [search, setSearch] = useSearchParams();
  const low = search.get('low') === '1';
  const query = useSmallEquipment(storeId, keyword, low);
  const total = useShownTotal(query);
  const [selected, setSelected] = useState<SmallEquipment | null>(null);
  const [adding, setAdding] = useState(false);

  return (
    <div className="small-equipment-page">
      <PageHeader
        title={t('inventory.small.title')}
        backTo={Paths.inventoryList}
        right={
          canAdd ? (
            <Button size="small" fill="none" color="primary" onClick={() => setAdding(true)}>
              <AddOutline /> {t('inventory.small.add')}
            </Button>
          ) : undefined
        }
      />
      <WorkingStoreBar />
      <div className="help-search-bar">
        <SearchBar
          placeholder={t('inventory.small.search')}
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
        />
      </div>
      <div className="order-list__days">
        {low && (
          <Button
            shape="rounded"
            fill="outline"
            color="primary"
            aria-label={t('orderList.clearFilter', { filter: t('inventory.small.onlyLow') })}
            onClick={() => setSearch({}, { replace: true })}
          >
            {t('inventory.small.onlyLow')} <CloseOutline aria-hidden />
          </Button>
        )}
        {total !== undefined && (
          <span className="order-list__total" aria-live="polite">
            {t('inventory.small.total', { count: total })}
          </span>
        )}
      </div>
      <PagedList query={query} emptyText={t('inventory.small.empty')}>
        {(items) => (
          <List>
            {items.map((s) => (
              <List.Item
                key={s.id}
                onClick={() => setSelected(s)}
                arrowIcon
                description={t('inventory.small.quantity', { quantity: s.quantity, unit: s.unit })}
                extra={s.isLow ? <Tag color="warning">{t('inventory.small.low')}</Tag> : undefined}
              >
                {s.nameShown}
                {!s.nameEn && (
                  <>
                    {' '}
                    <Tag color="warning" fill="outline">
                      {t('catalogueAdmin.english.missing')}
                    </Tag>
                  </>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </PagedList>
      <AdjustSheet item={selected} canRename={canAdd} onClose={() => setSelected(null)} />
      {storeId && <AddSheet open={adding} storeId={storeId} onClose={() => setAdding(false)} />}
    </div>
  );
}

/** A kind's name fields: the Chinese, required, and the English beside it. */
function NameFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('inventory.small.name')}
        rules={[
          { required: true, whitespace: true, message: t('inventory.editor.nameRequired') },
          textRule(t),
        ]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        name="nameEn"
        label={t('catalogueAdmin.english.nameEn')}
        help={t('catalogueAdmin.english.help')}
        rules={[textRule(t)]}
      >
        <Input maxLength={60} placeholder="Ski socks" />
      </Form.Item>
    </>
  );
}

/** The kind's name in Chinese and in English, side by side (those who add small equipment). */
function NamesForm({ item }: { item: SmallEquipment }) {
  const { t } = useTranslation();
  const rename = useRenameSmallEquipment();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      layout="vertical"
      initialValues={{ name: item.name, nameEn: item.nameEn }}
      onFinish={(v: { name: string; nameEn: string }) => {
        setError(null);
        rename.mutate(
          { id: item.id, input: { name: v.name.trim(), nameEn: v.nameEn.trim() } },
          {
            onSuccess: () => showSuccess(t('inventory.small.renamed')),
            onError: (err) => setError(err.message),
          },
        );
      }}
      footer={
        <>
          <FormError message={error} />
          <Button block type="submit" fill="outline" loading={rename.isPending}>
            {t('inventory.small.rename')}
          </Button>
        </>
      }
    >
      <NameFields />
    </Form>
  );
}

function AdjustSheet({
  item,
  canRename,
  onClose,
}: {
  item: SmallEquipment | null;
  canRename: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const adjust = useAdjustSmallEquipment();
  const history = useSmallEquipmentHistory(item?.id ?? null);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState(1);
  const [reason, setReason] = useState('');
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState<string | null>(null);
  const quick = t('inventory.small.quickReasons', { returnObjects: true });

  const handleSave = () => {
    if (!item) return;
    const problem =
      textError(t, reason, { required: t('inventory.errors.reasonRequired') }) ??
      textError(t, remarks, { multiLine: true });
    if (problem) return setError(problem);
    if (!(amount > 0)) return setError(t('inventory.small.amountInvalid'));
    setError(null);
    adjust.mutate(
      {
        id: item.id,
        input: {
          delta: direction === 'in' ? amount : -amount,
          reason: reason.trim(),
          remarks: remarks.trim(),
        },
      },
      {
        onSuccess: () => {
          showSuccess(t('inventory.small.saved'));
          setReason('');
          setRemarks('');
          setAmount(1);
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Popup
      showCloseButton
      visible={item !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet"
      destroyOnClose
    >
      {item && (
        <div className="page-body">
          <h2 className="sheet__title">{item.nameShown}</h2>
          <p className="section-tip" style={{ textAlign: 'center' }}>
            {t('inventory.small.quantity', { quantity: item.quantity, unit: item.unit })}
          </p>
          <Segmented
            block
            value={direction}
            onChange={(v) => setDirection(v as 'in' | 'out')}
            options={[
              { label: t('inventory.small.increase'), value: 'in' },
              { label: t('inventory.small.decrease'), value: 'out' },
            ]}
          />
          <Form layout="vertical">
            <Form.Item label={`${t('inventory.small.amount')} (${item.unit})`}>
              <NumberStepper
                min={1}
                max={100000}
                value={amount}
                onChange={setAmount}
                aria-label={t('inventory.small.amount')}
              />
            </Form.Item>
            <Form.Item label={t('inventory.form.reason')} required>
              <Selector
                columns={4}
                options={quick.map((r) => ({ label: r, value: r }))}
                value={quick.includes(reason) ? [reason] : []}
                onChange={(v) => setReason(v[0] ?? '')}
              />
              <Input
                value={reason}
                onChange={setReason}
                maxLength={200}
                placeholder={t('inventory.form.reasonPlaceholder')}
              />
            </Form.Item>
            <Form.Item label={t('inventory.form.remarks')}>
              <TextArea
                value={remarks}
                onChange={setRemarks}
                maxLength={500}
                autoSize={{ minRows: 1, maxRows: 3 }}
                placeholder={t('inventory.form.remarksPlaceholder')}
              />
            </Form.Item>
          </Form>
          <FormError message={error} />
          <Button
            block
            color="primary"
            size="large"
            loading={adjust.isPending}
            onClick={handleSave}
          >
            {t('inventory.small.adjust')}
          </Button>
          {canRename && <NamesForm key={item.id} item={item} />}
          <List header={t('inventory.small.history')}>
            {(history.data?.items ?? []).map((h) => (
              <List.Item
                key={h.id}
                description={`${h.reason}${h.remarks ? ` · ${h.remarks}` : ''} · ${h.operatorName}`}
                extra={storeTimeText(h.creationTime, i18n.language, {
                  dateStyle: 'short',
                  timeStyle: 'short',
                })}
              >
                {h.delta > 0 ? `+${h.delta}` : h.delta} → {h.quantityAfter}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Popup>
  );
}

function AddSheet({
  open,
  storeId,
  onClose,
}: {
  open: boolean;
  storeId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddSmallEquipment();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [error, setError] = useState<string | null>(null);
  return (
    <Popup
      showCloseButton
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet"
      destroyOnClose
    >
      <h2 className="sheet__title">{t('inventory.small.add')}</h2>
      <Form
        layout="horizontal"
        initialValues={{ name: '', nameEn: '', unit: '件', quantity: 0, lowStockThreshold: 0 }}
        onFinish={(v: {
          name: string;
          nameEn: string;
          unit: string;
          quantity: number;
          lowStockThreshold: number;
        }) => {
          setError(null);
          add.mutate(
            {
              storeId,
              name: v.name.trim(),
              nameEn: v.nameEn.trim(),
              unit: v.unit.trim() || '件',
              quantity: v.quantity,
              lowStockThreshold: v.lowStockThreshold,
            },
            {
              onSuccess: () => {
                showSuccess(t('inventory.small.created'));
                onClose();
              },
              onError: (err) => setError(err.message),
            },
          );
        }}
        footer={
          <>
            <FormError message={error} />
            <Button block type="submit" color="primary" loading={add.isPending}>
              {t('profile.save')}
            </Button>
          </>
        }
      >
        <NameFields />
        <Form.Item name="unit" label={t('inventory.small.unit')} rules={[textRule(t)]}>
          <Input maxLength={10} />
        </Form.Item>
        <Form.Item name="quantity" label={t('inventory.small.initial')}>
          <NumberStepper min={0} max={100000} aria-label={t('inventory.small.initial')} />
        </Form.Item>
        <Form.Item name="lowStockThreshold" label={t('inventory.small.threshold')}>
          <NumberStepper min={0} max={100000} aria-label={t('inventory.small.threshold')} />
        </Form.Item>
      </Form>
    </Popup>
  );
}
