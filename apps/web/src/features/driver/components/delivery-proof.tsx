import { useTranslation } from 'react-i18next';
import type { Order } from '@snowgear/contracts';
import { PrivatePhoto } from '@/components/private-photo';

/** The proof from the door: who signed for the gear, the hand-over photo and the signature. */
export function DeliveryProof({
  order,
}: {
  order: Pick<Order, 'deliveryPhotoId' | 'deliverySignatureId' | 'deliveryRecipient'>;
}) {
  const { t } = useTranslation();
  if (!order.deliveryPhotoId && !order.deliverySignatureId) return null;
  return (
    <section className="page-body" aria-label={t('driver.proof')}>
      <h2 className="section-title">{t('driver.proof')}</h2>
      {order.deliveryRecipient && <p>{t('driver.signedBy', { name: order.deliveryRecipient })}</p>}
      <div className="driver-order__proof-photos">
        {order.deliveryPhotoId && (
          <PrivatePhoto fileId={order.deliveryPhotoId} alt={t('driver.doorPhoto')} />
        )}
        {order.deliverySignatureId && (
          <PrivatePhoto fileId={order.deliverySignatureId} alt={t('driver.signature.title')} />
        )}
      </div>
    </section>
  );
}
