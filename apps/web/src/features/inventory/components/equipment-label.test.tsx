import { render } from '@testing-library/react';
import { toSVG } from 'bwip-js/browser';
import { describe, expect, it } from 'vitest';
import type { Equipment } from '@snowgear/contracts';
import { EquipmentLabel } from './equipment-label';

describe('equipment label', () => {
  it('encodes the inquiry link with the serial number in the QR code and draws the Code 128 barcode', () => {
    const equipment = {
      id: 'e1',
      name: '金鸡 Experience 78 双板',
      // Printed for the shop whoever prints it: never the reader's English.
      nameShown: 'Elan Experience 78 skis',
      barcodeNumber: 'SGWLSKI001',
    } as Equipment;
    const { container } = render(<EquipmentLabel equipment={equipment} />);
    const qrTitle = container.querySelector('svg title')?.textContent ?? '';
    expect(new URL(qrTitle).pathname).toBe('/cx');
    expect(new URL(qrTitle).searchParams.get('sn')).toBe('SGWLSKI001');
    const barcode = container.querySelector('.equipment-label__barcode svg');
    expect(barcode).not.toBeNull();
    expect(barcode!.querySelectorAll('path, rect').length).toBeGreaterThan(0);
    // The Code 128 encoder on its own draws what the library's general entry draws for it.
    const reference = document.createElement('div');
    reference.innerHTML = toSVG({
      bcid: 'code128',
      text: 'SGWLSKI001',
      height: 8,
      includetext: true,
      textxalign: 'center',
      textsize: 8,
    });
    expect(barcode!.outerHTML).toBe(reference.firstElementChild!.outerHTML);
    expect(container.textContent).toContain('金鸡 Experience 78 双板');
  });
});
