import type { ReactNode } from 'react';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Order, OrderItem } from '@snowgear/contracts';
import { storeTime } from '@/lib/store-clock';
import { PrivatePhoto } from '@/components/private-photo';
import { groupByPerson } from '@/lib/group-by-person';
import { shortVersion } from './counter-signature';
import '../counter-people.css';

/** Past this many lines a group's people start folded, each with their count. */
const FOLD_FROM = 8;

/**
 * The order's gear: one list, or, when lines are for people (a family, a group), a part per
 * person with their count, folded for a long group.
 */
export function OrderLines({
  order,
  renderItem,
}: {
  order: Pick<Order, 'items'>;
  renderItem: (item: OrderItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const header = t('orders.items', { count: order.items.length });
  if (!order.items.some((item) => item.rider)) {
    return <List header={header}>{order.items.map(renderItem)}</List>;
  }
  const groups = groupByPerson(order.items, (item) => item.rider?.name ?? null);
  const folded = order.items.length >= FOLD_FROM;
  return (
    <section className="order-lines" aria-label={header}>
      <List
        header={`${header} · ${t('counterPeople.people', { count: groups.filter((g) => g.name).length })}`}
      />
      {groups.map((group) => (
        <details key={group.name ?? ''} className="counter-riders__person" open={!folded}>
          <summary>
            <span className="counter-riders__name">
              {group.name ?? t('counterPeople.unassigned')}
            </span>
            <span className="counter-riders__lines">
              {t('counterPeople.lines', { count: group.lines.length })}
            </span>
          </summary>
          <List>{group.lines.map(renderItem)}</List>
        </details>
      ))}
    </section>
  );
}

/** The rental agreement the customer accepted with the order, and their signature at the counter. */
export function OrderAgreement({
  order,
}: {
  order: Pick<Order, 'agreementVersion' | 'agreementAcceptedAt' | 'agreementSignatureId'>;
}) {
  const { t } = useTranslation();
  if (!order.agreementVersion) return null;
  return (
    <List header={t('counterPeople.detailTitle')} className="order-agreement">
      <List.Item
        description={
          order.agreementSignatureId ? (
            <PrivatePhoto
              fileId={order.agreementSignatureId}
              alt={t('counterPeople.signatureAlt')}
            />
          ) : undefined
        }
      >
        {t('counterPeople.detailSigned', {
          version: shortVersion(order.agreementVersion),
          time: order.agreementAcceptedAt ? storeTime(order.agreementAcceptedAt) : '',
        })}
      </List.Item>
    </List>
  );
}
