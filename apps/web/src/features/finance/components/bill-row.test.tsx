import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { FinanceBill } from '@snowgear/contracts';
import { changeLanguage } from '@/lib/i18n';
import { BillRow } from './bill-row';

/** A bill as GET /api/app/finance/bills lists it. */
const bill = (kind: FinanceBill['kind'], method: string): FinanceBill => ({
  billId: `b-${kind}`,
  orderId: 'o-1',
  orderNumber: '202611260001',
  customerName: '退款客户',
  kind,
  method,
  amount: 120,
  paidAt: '2026-11-26T03:00:00.000Z',
  confirmedByName: '李店员',
  storeName: '万龙雪场店',
  receiptNo: null,
});

function renderRows(bills: FinanceBill[]) {
  render(
    <MemoryRouter>
      <ul>
        {bills.map((b) => (
          <BillRow key={b.billId} bill={b} timeZone="Asia/Shanghai" showStore={false} />
        ))}
      </ul>
    </MemoryRouter>,
  );
}

afterEach(() => changeLanguage('zh-CN'));

describe('a finance bill row', () => {
  it('reads a refund as money going back by its method, a payment as before', async () => {
    await changeLanguage('zh-CN');
    renderRows([bill('refund', 'cash'), bill('payment', 'cash'), bill('refund', 'wechat')]);
    expect(screen.getByText(/^现金退款 · 11\/26 11:00/)).toBeTruthy();
    expect(screen.getByText(/^微信退款 · /)).toBeTruthy();
    expect(screen.getByText(/^现金 · 11\/26 11:00/)).toBeTruthy();

    await changeLanguage('en-US');
    expect(await screen.findByText(/^Cash refund · /)).toBeTruthy();
    expect(screen.getByText(/^WeChat refund · /)).toBeTruthy();
  });
});
