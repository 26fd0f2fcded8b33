import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { AgentCustomerFields, agentCustomerErrors } from './agent-customer-fields';

describe('the customer an agent books for', () => {
  beforeAll(() => changeLanguage('zh-CN'));

  it('asks for what the server asks for, with its messages next to the fields', () => {
    const t = i18n.t.bind(i18n);
    const draft = { customerName: ' ', customerPhone: '12345', remarks: '' };
    const errors = agentCustomerErrors(draft, t);
    expect(errors).toEqual({
      customerName: '请输入客户姓名',
      customerPhone: '请输入正确的手机号（境外号码请以 + 和国家或地区区号开头）',
      remarks: undefined,
    });
    expect(
      agentCustomerErrors({ customerName: '张三', customerPhone: '13800138000', remarks: '' }, t),
    ).toEqual({ customerName: undefined, customerPhone: undefined, remarks: undefined });
    // A visitor's own number, with its country code.
    expect(
      agentCustomerErrors(
        { customerName: 'Anna', customerPhone: '+44 7400 123456', remarks: '' },
        t,
      ).customerPhone,
    ).toBeUndefined();
    // A landline reaches a hotel desk too.
    expect(
      agentCustomerErrors({ customerName: '张三', customerPhone: '0313-4788001', remarks: '' }, t)
        .customerPhone,
    ).toBeUndefined();

    render(
      <AgentCustomerFields
        name={draft.customerName}
        phone={draft.customerPhone}
        remarks=""
        errors={errors}
        onChange={vi.fn()}
      />,
    );
    const phone = screen.getByLabelText('手机号');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
      '请输入正确的手机号（境外号码请以 + 和国家或地区区号开头）',
    );
    expect(screen.getByLabelText('给门店的备注').tagName).toBe('TEXTAREA');
  });
});
