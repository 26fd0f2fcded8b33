import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, toOrderInput, type OrderCreateLine } from './order-create-form';
import { lineForNext, linesByRider, namedRider, riderDin, withoutRider } from './order-riders';

const line = (n: number, riderKey?: string): OrderCreateLine => ({
  equipmentId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `板 ${n}`,
  barcodeNumber: `B${n}`,
  categoryName: '双板滑雪板',
  dailyPrice: 100,
  deposit: 500,
  ...(riderKey ? { riderKey } : {}),
});

describe('the people of a counter order', () => {
  const jia = namedRider('学员甲', 'a');
  const yi = namedRider(' 学员乙 ', 'b');

  it('gives each scanned item to the current person, else the next one without that kind, and to no one otherwise', () => {
    const bing = namedRider('学员丙', 'c');
    const boots = (n: number, riderKey?: string): OrderCreateLine => ({
      ...line(n, riderKey),
      categoryName: '双板滑雪鞋',
    });
    const family = { group: true, riders: [jia, yi, bing] };
    // Three pairs of skis in a row: one each, in turn, with no tap.
    let draft = { ...family, activeRider: 'a' as string | null, items: [] as OrderCreateLine[] };
    for (const n of [1, 2, 3]) {
      const next = lineForNext(draft, line(n));
      draft = { ...draft, items: [...draft.items, next.line], activeRider: next.activeRider };
    }
    expect(draft.items.map((l) => l.riderKey)).toEqual(['a', 'b', 'c']);
    // Then boots: from the current person on, the next one without boots.
    const firstBoots = lineForNext(draft, boots(4));
    expect(firstBoots.line.riderKey).toBe('c');
    draft = { ...draft, items: [...draft.items, firstBoots.line], activeRider: 'c' };
    expect(lineForNext(draft, boots(5)).line.riderKey).toBe('a');
    // Everyone has skis: a fourth pair goes to the current person.
    expect(lineForNext(draft, line(6)).line.riderKey).toBe('c');
    // Not as a group, or nobody yet: for no one.
    expect(lineForNext({ ...draft, group: false }, line(7)).line.riderKey).toBeUndefined();
    expect(
      lineForNext({ group: true, riders: [], activeRider: null, items: [] }, line(8)).line.riderKey,
    ).toBeUndefined();
  });

  it('groups lines by person in the people’s order, those for no one last', () => {
    const groups = linesByRider([jia, yi], [line(1, 'b'), line(2), line(3, 'a'), line(4, 'gone')]);
    expect(groups.map((g) => [g.rider?.name ?? null, g.lines.map((l) => l.name)])).toEqual([
      ['学员甲', ['板 3']],
      ['学员乙', ['板 1']],
      [null, ['板 2', '板 4']],
    ]);
  });

  it('sends a group of fifty: each line with its person, people with a name only', () => {
    const people = Array.from({ length: 50 }, (_, i) => namedRider(`学员${i + 1}`, `m${i}`));
    const input = toOrderInput(
      {
        ...EMPTY_DRAFT,
        customerName: '滑雪学校',
        customerPhone: '13700001111',
        riders: people,
        group: true,
        items: people.map((p, i) => line(i + 1, p.key)),
      },
      { storeId: '00000000-0000-4000-8000-000000000001', start: new Date(), days: 1 },
    );
    expect(input.items).toHaveLength(50);
    expect(input.items[49]).toMatchObject({ riderKey: 'm49' });
    expect(input.riders?.[0]).toMatchObject({ key: 'm0', name: '学员1', heightCm: null });
  });

  it('leaves a removed person’s lines for no one', () => {
    const after = withoutRider(
      { riders: [jia, yi], items: [line(1, 'a'), line(2, 'b')], activeRider: 'a' },
      'a',
    );
    expect(after.riders).toEqual([yi]);
    expect(after.items!.map((l) => l.riderKey ?? null)).toEqual([null, 'b']);
    expect(after.activeRider).toBeNull();
  });

  it('suggests the DIN as the chart does, estimating the sole from the foot', () => {
    const rider = { heightCm: 175, weightKg: 70, age: 30, ability: 'II' as const };
    expect(riderDin({ ...rider, bootSizeMondopoint: null, bootSoleLengthMm: 305 })).toBe(6.5);
    expect(riderDin({ ...rider, bootSizeMondopoint: 26.5, bootSoleLengthMm: null })).toBe(6.5);
    expect(riderDin({ ...rider, bootSizeMondopoint: null, bootSoleLengthMm: null })).toBeNull();
  });
});
