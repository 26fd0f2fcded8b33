import { describe, expect, it } from 'vitest';
import { BarcodeFormat, toProductRead, upcAToUpcE } from './formats';

/** GS1 check digit (weights 3,1,3,… from the right). */
function withCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  }
  return digits + String((10 - (sum % 10)) % 10);
}

const read = (format: string, symbology: string, text: string, extra = '') =>
  toProductRead({ format, symbology, text, extra } as Parameters<typeof toProductRead>[0]);

describe('upcAToUpcE', () => {
  it('zero-suppresses each of the four UPC-E patterns', () => {
    // Maker ends in 000/100/200, item starts 00: last digit is the maker's third digit.
    expect(upcAToUpcE('049000006346')).toBe('04963406');
    expect(upcAToUpcE('012000006494')).toBe('01264904');
    // Maker ends in 300…900 then 00, item starts 000: last digit 3.
    expect(upcAToUpcE('012300000451')).toBe('01234531');
    // Maker ends in 0, item 0000x: last digit 4.
    const fourth = withCheckDigit('01234000005');
    expect(upcAToUpcE(fourth)).toBe(`0123454${fourth.slice(-1)}`);
    // Maker ends in 1…9, item 0000x with x from 5: last digit x.
    expect(upcAToUpcE('050968000093')).toBe('05096893');
  });

  it('keeps number system 1 and the check digit', () => {
    expect(upcAToUpcE('147000006189')).toBe('14761809');
  });

  it('refuses numbers that have no UPC-E form', () => {
    expect(upcAToUpcE('036000291452')).toBeNull(); // item part not zero-padded
    expect(upcAToUpcE('212345000058')).toBeNull(); // number system 2
    expect(upcAToUpcE('12345')).toBeNull();
  });
});

describe('toProductRead', () => {
  it('reports an EAN-13 with a leading 0 as its 12-digit UPC-A', () => {
    expect(read('EAN13', 'EANUPC', '0045496442736')).toEqual({
      format: BarcodeFormat.UpcA,
      text: '045496442736',
    });
  });

  it('keeps other EAN-13 and EAN-8 as they are', () => {
    expect(read('EAN13', 'EANUPC', '9780201752847')).toEqual({
      format: BarcodeFormat.Ean13,
      text: '9780201752847',
    });
    expect(read('EAN8', 'EANUPC', '12345670')).toEqual({
      format: BarcodeFormat.Ean8,
      text: '12345670',
    });
  });

  it('reports UPC-E (read as a 13-digit GTIN) as its 8 digits', () => {
    expect(read('UPCE', 'EANUPC', '0012300000451', '{"UPCE":"01234531"}')).toEqual({
      format: BarcodeFormat.UpcE,
      text: '01234531',
    });
    expect(read('UPCE', 'EANUPC', '0147000006189')).toEqual({
      format: BarcodeFormat.UpcE,
      text: '14761809',
    });
  });

  it('maps the other symbologies and drops formats the product does not read', () => {
    expect(read('Code39Ext', 'Code39', 'ABC')).toEqual({
      format: BarcodeFormat.Code39,
      text: 'ABC',
    });
    expect(read('QRCode', 'QRCode', 'x')).toEqual({ format: BarcodeFormat.QrCode, text: 'x' });
    expect(read('DataMatrix', 'DataMatrix', 'x')).toBeNull();
  });
});
