import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from './i18n';
import { isMoneyText } from './money';
import { textError, textRule } from './text-rules';

describe('text and money as the server takes them', () => {
  const t = i18n.t.bind(i18n);

  it('names the problem the server would refuse, in the reader’s language', async () => {
    await changeLanguage('zh-CN');
    expect(textError(t, '  张三 ')).toBeNull();
    expect(textError(t, '')).toBeNull();
    expect(textError(t, '', { required: '请输入姓名' })).toBe('请输入姓名');
    expect(textError(t, '\u200b', { required: '请输入姓名' })).toBe('请输入姓名');
    expect(textError(t, '\u200b')).toBe('请输入看得见的文字');
    expect(textError(t, '张\n三')).toBe('不能包含换行、控制字符或文字方向控制符');
    expect(textError(t, '第一行\n第二行', { multiLine: true })).toBeNull();
    await changeLanguage('en-US');
    expect(textError(t, 'evil\u202etxt')).toBe(
      'Line breaks, control characters and text-direction marks are not allowed',
    );
    await expect(textRule(t).validator(null, 'a\u0000b')).rejects.toThrow(/control characters/);
    await expect(textRule(t).validator(null, 'ok')).resolves.toBeUndefined();
    await changeLanguage('zh-CN');
  });

  it('takes typed money up to the largest amount a field may name', () => {
    expect(isMoneyText('12.5')).toBe(true);
    expect(isMoneyText('1000000')).toBe(true);
    expect(isMoneyText('1000000.01')).toBe(false);
    expect(isMoneyText('9999999')).toBe(false);
    expect(isMoneyText('1.234')).toBe(false);
    expect(isMoneyText('')).toBe(false);
  });
});
