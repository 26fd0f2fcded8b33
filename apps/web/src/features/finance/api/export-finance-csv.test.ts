import { describe, expect, it } from 'vitest';
import { fileNameOf } from './export-finance-csv';

describe('CSV download helpers', () => {
  it('takes the file name the server gives', () => {
    expect(fileNameOf('attachment; filename="finance-2027-03-01-2027-03-15.csv"')).toBe(
      'finance-2027-03-01-2027-03-15.csv',
    );
    expect(fileNameOf("attachment; filename*=UTF-8''%E8%B4%A2%E5%8A%A1.csv")).toBe('财务.csv');
    expect(fileNameOf(undefined)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });
});
