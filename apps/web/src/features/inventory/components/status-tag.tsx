import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR, STATUS_KEYS } from '../utils/status';

/** An equipment status in the spec's colour. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = STATUS_KEYS[status];
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} fill="solid" className="status-tag">
      {key ? t(`inventory.statuses.${key}`) : String(status)}
    </Tag>
  );
}
