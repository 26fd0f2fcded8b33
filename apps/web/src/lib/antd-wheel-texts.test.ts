import { afterEach, describe, expect, it } from 'vitest';
import { wheelText } from './antd-wheel-texts';

describe("the picker wheel's spoken names", () => {
  afterEach(() => {
    document.documentElement.lang = 'zh-CN';
  });

  it("follow the page's language, Chinese unless it is English", () => {
    document.documentElement.lang = 'en-US';
    expect(wheelText('current', '09')).toBe('Selected: 09');
    expect(wheelText('next', 2027)).toBe('Select the next one: 2027');
    expect(wheelText('noPrevious')).toBe('Nothing before');
    document.documentElement.lang = 'zh-CN';
    expect(wheelText('current', '09')).toBe('当前选择的是：09');
    expect(wheelText('none')).toBe('当前未选择');
  });

  it('reads out no label that is not a text or a number', () => {
    document.documentElement.lang = 'en-US';
    expect(wheelText('current', { toString: () => 'x' })).toBe('Selected: ');
  });
});
