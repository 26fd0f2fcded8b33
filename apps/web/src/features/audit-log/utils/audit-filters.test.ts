import { describe, expect, it } from 'vitest';
import { auditParams, readAuditFilters, writeAuditFilters } from './audit-filters';

const TZ = 'Asia/Shanghai';
// 23 Nov 2026, 17:30 UTC: already the 24th in China.
const now = new Date('2026-11-23T17:30:00Z');

describe('the audit log’s filters in the address', () => {
  it('opens on the last 7 business days of the shop’s calendar, every category, every store', () => {
    expect(readAuditFilters(new URLSearchParams(), now, TZ)).toEqual({
      categories: [],
      from: '2026-11-18',
      to: '2026-11-24',
      keyword: '',
      operator: '',
    });
  });

  it('keeps what a link asks for and drops what the server would refuse', () => {
    const read = readAuditFilters(
      new URLSearchParams(
        'cat=money,gossip,stock,money&store=not-an-id&from=2026-02-30&to=2026-03-01&q=%20SB-001%20&op=李',
      ),
      now,
      TZ,
    );
    expect(read).toEqual({
      categories: ['money', 'stock'],
      from: '2026-11-18',
      to: '2026-11-24',
      keyword: 'SB-001',
      operator: '李',
    });
    const longer = readAuditFilters(new URLSearchParams('from=2024-01-01&to=2025-06-01'), now, TZ);
    expect([longer.from, longer.to]).toEqual(['2026-11-18', '2026-11-24']);
    const backwards = readAuditFilters(
      new URLSearchParams('from=2026-11-20&to=2026-11-10'),
      now,
      TZ,
    );
    expect(backwards.from).toBe('2026-11-18');
  });

  it('writes back what it read, and asks the server for the same', () => {
    const filters = {
      categories: ['stock' as const],
      storeId: '0b4a1c2e-1111-4222-8333-444455556666',
      from: '2026-11-01',
      to: '2026-11-24',
      keyword: '雪板',
      operator: '',
    };
    const search = new URLSearchParams(writeAuditFilters(filters));
    expect(readAuditFilters(search, now, TZ)).toEqual(filters);
    expect(auditParams(filters)).toEqual({
      from: '2026-11-01',
      to: '2026-11-24',
      categories: 'stock',
      storeId: filters.storeId,
      keyword: '雪板',
    });
  });
});
