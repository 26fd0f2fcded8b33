import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { StockOperationForm } from './stock-operation-form';

const values = { reason: '', remarks: '', startDate: '2026-11-21', days: 1 };
const errors = {
  reason: 'reasonRequired',
  remarks: 'remarksTooLong',
  startDate: 'startDateRequired',
  days: 'daysInvalid',
} as const;

describe('stock operation form', () => {
  it.each([
    [
      'zh-CN',
      ['请填写操作原因', '备注最多 500 字', '请选择开始日期', '请输入有效的天数（至少1天）'],
    ],
    [
      'en-US',
      [
        'Please fill in the operation reason',
        'Remarks can be at most 500 characters',
        'Please select the start date',
        'Please enter a valid number of days (at least 1 day)',
      ],
    ],
  ] as const)('shows every validation text next to its field in %s', async (language, texts) => {
    await changeLanguage(language);
    render(
      <StockOperationForm
        values={values}
        errors={errors}
        isCheckOut
        quickReasons={['租赁']}
        today="2026-11-21"
        onChange={() => undefined}
      />,
    );
    for (const text of texts) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    await changeLanguage('zh-CN');
  });

  it('offers the quick reasons and hides date and days when not checking out', () => {
    render(
      <StockOperationForm
        values={values}
        errors={{}}
        isCheckOut={false}
        quickReasons={['租赁归还', '借用归还', '招待结束']}
        today="2026-11-21"
        onChange={() => undefined}
      />,
    );
    for (const r of ['租赁归还', '借用归还', '招待结束']) expect(screen.getByText(r)).toBeTruthy();
    expect(screen.queryByText('开始日期')).toBeNull();
  });
});
