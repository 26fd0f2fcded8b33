import { describe, expect, it } from 'vitest';
import {
  clearSelfReturnDraft,
  loadSelfReturnDraft,
  saveSelfReturnDraft,
  type SelfReturnDraft,
} from './self-return-draft';

const HOUR = 3_600_000;
const t0 = Date.UTC(2027, 0, 10, 8);
const iso = (ms: number) => new Date(ms).toISOString();

const draft: SelfReturnDraft = {
  items: {
    i1: {
      check: 'scanned',
      barcode: 'SKI-001',
      photo: { id: 'f1', expiresAt: iso(t0 + 24 * HOUR) },
    },
    i2: { check: 'ticked', barcode: '', photo: null },
  },
  method: 'Pickup',
  address: '万龙酒店 1208',
};

describe('the self-return draft', () => {
  it('is kept per customer and order for 24 hours, and cleared once handed in', () => {
    saveSelfReturnDraft('u1', 'o1', draft, t0);
    expect(loadSelfReturnDraft('u1', 'o1', t0 + 2 * HOUR)).toEqual(draft);
    expect(loadSelfReturnDraft('u2', 'o1', t0)).toBeNull();
    expect(loadSelfReturnDraft('u1', 'o2', t0)).toBeNull();
    expect(loadSelfReturnDraft('u1', 'o1', t0 + 25 * HOUR)).toBeNull();
    saveSelfReturnDraft('u1', 'o1', draft, t0);
    clearSelfReturnDraft('u1', 'o1');
    expect(loadSelfReturnDraft('u1', 'o1', t0)).toBeNull();
  });

  it('asks again for a photo whose upload the server is about to let go', () => {
    saveSelfReturnDraft('u1', 'o1', draft, t0 + 20 * HOUR);
    const later = loadSelfReturnDraft('u1', 'o1', t0 + 23.5 * HOUR);
    expect(later?.items.i1).toEqual({ check: 'scanned', barcode: 'SKI-001', photo: null });
  });

  it('leaves blank what an older or damaged draft got wrong', () => {
    const values = {
      items: { i1: { check: 'maybe', barcode: 7, photo: { id: 3 } }, i2: null },
      method: null,
    };
    window.localStorage.setItem('draft:self-return:u1:o1', JSON.stringify({ savedAt: t0, values }));
    expect(loadSelfReturnDraft('u1', 'o1', t0)).toEqual({
      items: {
        i1: { check: null, barcode: '', photo: null },
        i2: { check: null, barcode: '', photo: null },
      },
      method: '',
      address: '',
    });
  });
});
