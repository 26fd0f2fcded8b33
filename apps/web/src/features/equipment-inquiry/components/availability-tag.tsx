import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { EquipmentAvailability } from '@snowgear/contracts';
import { availabilityTag } from '../utils/availability';

/** 可租 / 已预订 / 已租出 / 维修中 …: what the item means to someone who wants to rent it. */
export function AvailabilityTag({ item }: { item: EquipmentAvailability & { status: number } }) {
  const { t } = useTranslation();
  const { key, color } = availabilityTag(item);
  return (
    <Tag color={color} fill="solid" className="status-tag">
      {t(`inquiry.statuses.${key}`)}
    </Tag>
  );
}
