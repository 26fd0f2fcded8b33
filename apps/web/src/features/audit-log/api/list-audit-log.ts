import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditLogEntry, type PagedResult } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { auditParams, type AuditFilters } from '../utils/audit-filters';

export const auditLogKey = ['audit-log'] as const;

export function listAuditLog(filters: AuditFilters, skipCount: number) {
  return api.get<PagedResult<AuditLogEntry>>('/app/audit-log', {
    params: { ...auditParams(filters), skipCount, maxResultCount: AUDIT_PAGE_SIZE },
    silent: true,
  });
}

export function auditLogQuery(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: [...auditLogKey, 'list', auditParams(filters)] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => listAuditLog(filters, pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount && last.items.length > 0 ? loaded : undefined;
    },
  });
}

/** The log's lines of the filters, newest first, 20 at a time. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditLogQuery(filters));
}
