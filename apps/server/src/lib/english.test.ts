import { describe, expect, it } from 'vitest';
import { inLanguage, optionInLanguage } from './english.js';

describe('the business texts in the reader language', () => {
  it('gives English readers the English value, and the Chinese one where none was written', () => {
    expect(inLanguage(true, '双板', 'Skis')).toBe('Skis');
    expect(inLanguage(true, '双板', '')).toBe('双板');
    expect(inLanguage(false, '双板', 'Skis')).toBe('双板');
  });

  it('words an option by its position among the English options', () => {
    const zh = ['初级', '中级', '高级'];
    expect(optionInLanguage(true, zh, ['Beginner', 'Intermediate', 'Advanced'], '中级')).toBe(
      'Intermediate',
    );
    expect(optionInLanguage(true, zh, ['Beginner'], '高级')).toBe('高级');
    expect(optionInLanguage(true, zh, [], '26.5')).toBe('26.5');
    expect(optionInLanguage(false, zh, ['Beginner'], '初级')).toBe('初级');
  });
});
