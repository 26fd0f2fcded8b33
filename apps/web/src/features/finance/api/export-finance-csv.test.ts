import { describe, expect, it } from 'vitest';
import { fileNameOf, readErrorBody } from './export-finance-csv';

const bytes = (text: string) => {
  const encoded = new TextEncoder().encode(text);
  return encoded.buffer.slice(encoded.byteOffset, encoded.byteOffset + encoded.byteLength);
};

describe('CSV download helpers', () => {
  it('takes the file name the server gives', () => {
    expect(fileNameOf('attachment; filename="finance-2027-03-01-2027-03-15.csv"')).toBe(
      'finance-2027-03-01-2027-03-15.csv',
    );
    expect(fileNameOf("attachment; filename*=UTF-8''%E8%B4%A2%E5%8A%A1.csv")).toBe('财务.csv');
    expect(fileNameOf(undefined)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });

  it('reads an error body that came as bytes as the JSON error it is', () => {
    const error = { error: { message: '只能查看本门店的账目' } };
    expect(readErrorBody(bytes(JSON.stringify(error)), 403)).toEqual(error);
    const csv = bytes('\uFEFF支付时间');
    expect(readErrorBody(csv, 200)).toBe(csv);
    const garbage = bytes('<html>');
    expect(readErrorBody(garbage, 502)).toBe(garbage);
  });
});
