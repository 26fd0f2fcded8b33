import { useState } from 'react';
import { Button, Empty, Input, List, Tag } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useSmartScanStore, type ScanOutcome } from './smart-scan-store';
import { useSmartScan } from './use-smart-scan';
import { storeTimeText } from '@/lib/store-time';

const KIND_COLOR: Record<ScanOutcome['kind'], string> = {
  equipment: 'success',
  order: 'primary',
  orderCreate: 'primary',
  failed: 'danger',
};

/** /store/scan: scan or type a code at the counter, with this session's scans listed. */
export default function ScanPage() {
  const { t, i18n } = useTranslation();
  const { handleCode, startScan } = useSmartScan();
  const busy = useSmartScanStore((s) => s.busy);
  const recent = useSmartScanStore((s) => s.recent);
  const showEquipment = useSmartScanStore((s) => s.showEquipment);
  const [code, setCode] = useState('');

  const submit = () => {
    const text = code.trim();
    if (!text) return;
    setCode('');
    void handleCode(text);
  };

  return (
    <div className="scan-page">
      <PageHeader title={t('smartScan.pageTitle')} />
      <p className="scan-page__tip">{t('smartScan.pageTip')}</p>
      <Button
        block
        color="primary"
        size="large"
        className="scan-page__start"
        onClick={() => void startScan()}
      >
        <ScanningOutline /> {t('smartScan.startScan')}
      </Button>
      <form
        className="scan-page__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Input
          value={code}
          onChange={setCode}
          placeholder={t('smartScan.inputPlaceholder')}
          aria-label={t('smartScan.inputPlaceholder')}
          clearable
          enterKeyHint="search"
          autoComplete="off"
        />
        <Button type="submit" loading={busy} disabled={!code.trim()}>
          {t('smartScan.lookup')}
        </Button>
      </form>
      <List header={t('smartScan.recent')}>
        {recent.length === 0 ? (
          <List.Item>
            <Empty description={t('smartScan.noRecent')} />
          </List.Item>
        ) : (
          recent.map((item) => (
            <List.Item
              key={item.id}
              description={item.text}
              extra={storeTimeText(item.at, i18n.language, {
                hour: '2-digit',
                minute: '2-digit',
                second: '2-digit',
                hourCycle: 'h23',
              })}
              onClick={item.equipmentId ? () => showEquipment(item.equipmentId!) : undefined}
              prefix={
                <Tag color={KIND_COLOR[item.kind]}>
                  {item.kind === 'failed'
                    ? t('smartScan.failed')
                    : item.kind === 'equipment'
                      ? t('smartScan.equipmentFound')
                      : t('smartScan.orderFound')}
                </Tag>
              }
            >
              {item.label}
            </List.Item>
          ))
        )}
      </List>
    </div>
  );
}
