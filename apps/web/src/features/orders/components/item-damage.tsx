import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@snowgear/contracts';
import { PrivatePhoto } from '@/components/private-photo';

/**
 * Damage noted on an item at its hand-overs, for the store: found at the delivery (the driver's
 * note and photo) and at the return check-in (the clerk's), each with its photo.
 */
export function ItemDamage({
  item,
}: {
  item: Pick<
    OrderItem,
    | 'equipmentName'
    | 'deliveryState'
    | 'deliveryPhotoId'
    | 'deliveryRemarks'
    | 'returnState'
    | 'returnPhotoId'
    | 'returnRemarks'
  >;
}) {
  const { t } = useTranslation();
  const atDelivery = item.deliveryState === 'damaged';
  const atReturn =
    (item.returnState === 'damaged' || item.returnState === 'lost') &&
    (!!item.returnPhotoId || !!item.returnRemarks);
  if (!atDelivery && !atReturn) return null;
  return (
    <div className="item-damage">
      {atDelivery && (
        <div className="item-damage__entry">
          <Tag color="danger">
            {t('offlineWork.deliveryNote', { remarks: item.deliveryRemarks })}
          </Tag>
          {item.deliveryPhotoId && (
            <PrivatePhoto
              fileId={item.deliveryPhotoId}
              alt={`${item.equipmentName} ${t('offlineWork.damagePhoto')}`}
            />
          )}
        </div>
      )}
      {atReturn && (
        <div className="item-damage__entry">
          <Tag color="danger">
            {t('offlineWork.returnNote', {
              state: t(`orders.returnCheck.states.${item.returnState as 'damaged' | 'lost'}`),
              remarks: item.returnRemarks,
            })}
          </Tag>
          {item.returnPhotoId && (
            <PrivatePhoto
              fileId={item.returnPhotoId}
              alt={`${item.equipmentName} ${t('offlineWork.damagePhoto')}`}
            />
          )}
        </div>
      )}
    </div>
  );
}
