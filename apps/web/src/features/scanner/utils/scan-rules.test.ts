import { describe, expect, it } from 'vitest';
import {
  classifySmartScan,
  extractSerialNumber,
  stripWeChatFormatPrefix,
  validateScan,
} from './scan-rules';

describe('scan rules (spec §5)', () => {
  it('takes the serial number from a label link, and keeps other text as it is', () => {
    expect(extractSerialNumber('https://rent.example.cn/cx?sn=SGWLSKI001')).toBe('SGWLSKI001');
    expect(extractSerialNumber('/cx?sn=SG%20A1&x=1')).toBe('SG A1');
    expect(extractSerialNumber('  SGWLSKI001 ')).toBe('SGWLSKI001');
    expect(extractSerialNumber('https://rent.example.cn/help')).toBe(
      'https://rent.example.cn/help',
    );
    expect(extractSerialNumber('https://rent.example.cn/cx?sn=')).toBe(
      'https://rent.example.cn/cx?sn=',
    );
  });

  it('drops a WeChat format prefix only when it is a real barcode format', () => {
    expect(stripWeChatFormatPrefix('CODE_128,SGWLSKI001')).toBe('SGWLSKI001');
    expect(stripWeChatFormatPrefix('EAN_13,6901234567892')).toBe('6901234567892');
    expect(stripWeChatFormatPrefix('QR_CODE,https://x.cn/cx?sn=A,B')).toBe(
      'https://x.cn/cx?sn=A,B',
    );
    // A QR code's own text may contain commas.
    expect(stripWeChatFormatPrefix('A1,B2')).toBe('A1,B2');
    expect(stripWeChatFormatPrefix('ROOM12,bed 3')).toBe('ROOM12,bed 3');
    expect(stripWeChatFormatPrefix('SGWLSKI001')).toBe('SGWLSKI001');
  });

  it('routes smart scans: order-create link, order number, else equipment barcode', () => {
    expect(
      classifySmartScan('https://rent.example.cn/customer/order-create?orderNumber=202611210001'),
    ).toEqual({ kind: 'orderCreate', orderNumber: '202611210001' });
    expect(
      classifySmartScan('https://rent.example.cn/#/store/orders/create?orderNumber=A%2F1'),
    ).toEqual({ kind: 'orderCreate', orderNumber: 'A/1' });
    expect(classifySmartScan('https://rent.example.cn/customer/order-create')).toEqual({
      kind: 'orderCreateWithoutNumber',
    });
    expect(classifySmartScan('https://rent.example.cn/customer/order-create?store=1')).toEqual({
      kind: 'orderCreateWithoutNumber',
    });
    expect(classifySmartScan(' 202611210001 ')).toEqual({
      kind: 'order',
      orderNumber: '202611210001',
    });
    // Not 12 digits starting with 20: an equipment barcode.
    expect(classifySmartScan('2026112100011')).toEqual({
      kind: 'equipment',
      barcode: '2026112100011',
    });
    expect(classifySmartScan('192611210001')).toEqual({
      kind: 'equipment',
      barcode: '192611210001',
    });
    expect(classifySmartScan('https://x.cn/cx?sn=SGWLSKI001')).toEqual({
      kind: 'equipment',
      barcode: 'SGWLSKI001',
    });
    expect(classifySmartScan('   ')).toEqual({ kind: 'empty' });
  });

  it("uses the validator's text, or the default message, when a result is refused", () => {
    const fallback = 'scan result format is incorrect';
    expect(validateScan('x', undefined, fallback)).toEqual({ ok: true });
    expect(validateScan('ABCD', (t) => t.length >= 4, fallback)).toEqual({ ok: true });
    expect(validateScan('x', () => false, fallback)).toEqual({ ok: false, message: fallback });
    expect(validateScan('x', () => 'need 4 characters', fallback)).toEqual({
      ok: false,
      message: 'need 4 characters',
    });
  });
});
