import { describe, expect, it } from 'vitest';
import { matchLine } from './handover-panel';

const line = (id: string, equipmentId: string | null, categoryId: string) =>
  ({ id, equipmentId, categoryId }) as never;

describe('handover matching', () => {
  const order = {
    items: [line('l1', 'ski-1', 'skis'), line('l2', null, 'helmets'), line('l3', null, 'helmets')],
  };

  it('puts an item on its own line, else on a free line of its category', () => {
    const scanned = new Map();
    expect(matchLine(order, scanned, { id: 'ski-1', categoryId: 'skis' })).toBe('l1');
    expect(matchLine(order, scanned, { id: 'helmet-9', categoryId: 'helmets' })).toBe('l2');
    scanned.set('l2', { id: 'helmet-9', categoryId: 'helmets', barcodeNumber: 'H9' });
    expect(matchLine(order, scanned, { id: 'helmet-7', categoryId: 'helmets' })).toBe('l3');
    scanned.set('l3', { id: 'helmet-7', categoryId: 'helmets', barcodeNumber: 'H7' });
    expect(matchLine(order, scanned, { id: 'helmet-5', categoryId: 'helmets' })).toBeNull();
  });

  it('has no line for gear of another kind or another specific item', () => {
    expect(matchLine(order, new Map(), { id: 'ski-2', categoryId: 'skis' })).toBeNull();
    expect(matchLine(order, new Map(), { id: 'goggles-1', categoryId: 'goggles' })).toBeNull();
  });
});
