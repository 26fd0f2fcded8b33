import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Tag } from 'antd-mobile';
import { dayjs } from '@/lib/dayjs-zones';
import { useTranslation } from 'react-i18next';
import type { AuditCategory, AuditLogEntry } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { changeLines } from '../utils/audit-changes';

const TAG_COLORS: Record<AuditCategory, string> = {
  stock: 'primary',
  orders: 'default',
  money: 'success',
  settings: 'warning',
  staff: 'danger',
};

/** Where a line leads: the item it concerns, else its order, else the small equipment list. */
function targetOf(
  entry: AuditLogEntry,
): { to: string; kind: 'order' | 'equipment' | 'smallEquipment' } | null {
  if (entry.equipmentId) return { to: Paths.inventoryDetail(entry.equipmentId), kind: 'equipment' };
  if (entry.orderId) return { to: Paths.storeOrderDetail(entry.orderId), kind: 'order' };
  if (entry.smallEquipmentId) return { to: Paths.smallEquipment, kind: 'smallEquipment' };
  return null;
}

/** One line of the log: when, what area, where, who, what; the whole row opens what it concerns. */
export function AuditLine({ entry, timeZone }: { entry: AuditLogEntry; timeZone: string }) {
  const { t } = useTranslation();
  const time = dayjs(entry.time).tz(timeZone).format('MM/DD HH:mm');
  const category = t(`auditLog.categories.${entry.category}`);
  const store = entry.storeName ?? t('auditLog.wholeBusiness');
  const operator = entry.operatorName || t('auditLog.system');
  const target = targetOf(entry);
  // Settings say what a value was and what it became; staff lines word their changes already.
  const changes = entry.category === 'settings' ? changeLines(t, entry.changes) : [];
  const body: ReactNode = (
    <>
      <span className="audit-line__head">
        <Tag color={TAG_COLORS[entry.category]} fill="outline">
          {category}
        </Tag>
        <time dateTime={entry.time} className="audit-line__time">
          {time}
        </time>
        <span className="audit-line__who">{operator}</span>
      </span>
      <span className="audit-line__summary">{entry.summary}</span>
      {changes.length > 0 && (
        <span className="audit-line__changes">
          {changes.map((line, i) => (
            <span key={i} className="audit-line__change">
              {line}
            </span>
          ))}
        </span>
      )}
      <span className="audit-line__meta">
        {store}
        {target ? ` · ${t(`auditLog.opens.${target.kind}`)}` : ''}
      </span>
    </>
  );
  const label = t('auditLog.lineLabel', {
    time,
    category,
    store,
    operator,
    summary: [entry.summary, ...changes].join(t('auditLog.changeSeparator')),
  });
  return (
    <li>
      {target ? (
        <Link
          to={target.to}
          className="audit-line audit-line--link"
          aria-label={t('auditLog.lineOpens', {
            label,
            action: t(`auditLog.opens.${target.kind}`),
          })}
        >
          {body}
        </Link>
      ) : (
        <div className="audit-line" aria-label={label} role="group">
          {body}
        </div>
      )}
    </li>
  );
}
