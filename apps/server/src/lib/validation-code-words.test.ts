import { describe, expect, it } from 'vitest';
import { VALIDATION_CODES } from '@snowgear/contracts';
import { codeWords } from './validation-texts.js';

const caller = (language: string) => ({ headers: { 'accept-language': language } });
const CHINESE = /[\u4e00-\u9fff]/;

/**
 * Every validation code the contracts' schemas name (their one list, which a lint rule holds them
 * to) reads as words in `details`, in both languages: a code added without words fails here.
 */
describe('the words for the contracts’ validation codes', () => {
  it.each(VALIDATION_CODES)('%s has Chinese and English words', (code) => {
    const zh = codeWords(caller('zh-CN'), code);
    const en = codeWords(caller('en'), code);
    expect(zh).not.toBe(code);
    expect(zh).toMatch(CHINESE);
    expect(en).not.toBe(code);
    expect(en).not.toMatch(CHINESE);
    // Every limit the words name is filled in.
    expect(`${zh} ${en}`).not.toMatch(/[{}]/);
  });

  it('says the limits the contracts set', () => {
    expect(codeWords(caller('zh-CN'), 'TooManyItems')).toBe('一个订单最多 50 件设备，请分成两单');
    expect(codeWords(caller('en'), 'DinOutOfRange')).toBe(
      'DIN is from 0.75 to 14 in steps of 0.25',
    );
  });

  it('leaves a code the contracts do not name as it is', () => {
    expect(codeWords(caller('en'), 'SomethingElse')).toBe('SomethingElse');
  });
});
