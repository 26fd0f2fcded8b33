import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  defaultStartDate,
  loadDraft,
  restorableDraft,
  saveDraft,
  unavailableRange,
  validateStockForm,
} from './stock-form';

const TZ = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local}+08:00`);

describe('stock form', () => {
  it('starts today, or tomorrow once past the next-day threshold (default 21:00)', () => {
    expect(defaultStartDate(at('2026-11-21T20:59:00'), undefined, TZ)).toBe('2026-11-21');
    expect(defaultStartDate(at('2026-11-21T21:00:00'), undefined, TZ)).toBe('2026-11-21');
    expect(defaultStartDate(at('2026-11-21T21:01:00'), undefined, TZ)).toBe('2026-11-22');
    expect(defaultStartDate(at('2026-11-21T20:31:00'), '20:30', TZ)).toBe('2026-11-22');
    expect(defaultStartDate(at('2026-11-21T20:31:00'), 'garbage', TZ)).toBe('2026-11-21');
  });

  it('locks from now (today) or the start day, until midnight after the last day', () => {
    const now = at('2026-11-21T10:15:00');
    expect(unavailableRange({ startDate: '2026-11-21', days: 3 }, now, TZ)).toEqual({
      unavailableStartTime: now.toISOString(),
      unavailableEndTime: at('2026-11-24T00:00:00').toISOString(),
    });
    expect(unavailableRange({ startDate: '2026-11-25', days: 1 }, now, TZ)).toEqual({
      unavailableStartTime: at('2026-11-25T00:00:00').toISOString(),
      unavailableEndTime: at('2026-11-26T00:00:00').toISOString(),
    });
  });

  it('holds reason and remarks to the server’s text rules', () => {
    const ok = { reason: '租赁', remarks: '', startDate: '2026-11-21', days: 1 };
    expect(validateStockForm({ ...ok, reason: '\u200b\u200b' }, false)).toEqual({
      reason: 'reasonRequired',
    });
    expect(validateStockForm({ ...ok, reason: '租\n赁' }, false)).toEqual({
      reason: 'invalidCharacters',
    });
    expect(validateStockForm({ ...ok, reason: '\u202e租赁' }, false)).toEqual({
      reason: 'invalidCharacters',
    });
    expect(validateStockForm({ ...ok, remarks: '第一行\n第二行' }, false)).toEqual({});
    expect(validateStockForm({ ...ok, remarks: 'a\u0000b' }, false)).toEqual({
      remarks: 'invalidCharacters',
    });
    expect(validateStockForm({ ...ok, remarks: '\u3164' }, false)).toEqual({
      remarks: 'nothingVisible',
    });
  });

  it('checks reason, remarks, start date and days as spec §5 says', () => {
    const ok = { reason: '租赁', remarks: '', startDate: '2026-11-21', days: 1 };
    expect(validateStockForm(ok, true)).toEqual({});
    expect(validateStockForm({ ...ok, reason: '  ' }, false)).toEqual({ reason: 'reasonRequired' });
    expect(validateStockForm({ ...ok, reason: 'x'.repeat(201) }, false)).toEqual({
      reason: 'reasonTooLong',
    });
    expect(validateStockForm({ ...ok, remarks: 'x'.repeat(501) }, false)).toEqual({
      remarks: 'remarksTooLong',
    });
    expect(validateStockForm({ ...ok, startDate: '', days: 0 }, true)).toEqual({
      startDate: 'startDateRequired',
      days: 'daysInvalid',
    });
    expect(validateStockForm({ ...ok, days: 366 }, true)).toEqual({ days: 'daysInvalid' });
    expect(validateStockForm({ ...ok, days: 0 }, false)).toEqual({});
  });

  it('keeps a draft per equipment for 24 hours', () => {
    const t0 = Date.now();
    saveDraft('e1', { reason: '团体订单', days: 3 }, t0);
    expect(loadDraft('e1', t0 + 23 * 3600_000)).toEqual({ reason: '团体订单', days: 3 });
    expect(loadDraft('e2', t0)).toBeNull();
    expect(loadDraft('e1', t0 + 25 * 3600_000)).toBeNull();
    saveDraft('e1', { reason: 'x' }, t0);
    clearDraft('e1');
    expect(loadDraft('e1', t0)).toBeNull();
  });

  it('restores a draft whose start day has gone with the default start instead', () => {
    const draft = { reason: '团体订单', startDate: '2027-01-09', days: 3 };
    // Left last night, opened this morning: the reason and days stay, the start moves on.
    expect(restorableDraft(draft, '2027-01-10', '2027-01-10')).toEqual({
      reason: '团体订单',
      startDate: '2027-01-10',
      days: 3,
    });
    // After the next-day threshold the default start is tomorrow.
    expect(restorableDraft(draft, '2027-01-10', '2027-01-11').startDate).toBe('2027-01-11');
    expect(restorableDraft(draft, '2027-01-09', '2027-01-09')).toEqual(draft);
    expect(
      restorableDraft({ ...draft, startDate: '2027-01-12' }, '2027-01-10', '2027-01-10'),
    ).toEqual({
      ...draft,
      startDate: '2027-01-12',
    });
    expect(restorableDraft(null, '2027-01-10', '2027-01-10')).toEqual({});
  });
});
