/**
 * The audit log's areas (issue: administration). Stock, orders and money come from the histories
 * those keep (equipment operation history, order timelines); settings and staff from `audit_log`.
 */
export const AuditCategory = {
  Stock: 'stock',
  Orders: 'orders',
  Money: 'money',
  Settings: 'settings',
  Staff: 'staff',
} as const;
export type AuditCategory = (typeof AuditCategory)[keyof typeof AuditCategory];
export const AUDIT_CATEGORIES = Object.values(AuditCategory) as AuditCategory[];
