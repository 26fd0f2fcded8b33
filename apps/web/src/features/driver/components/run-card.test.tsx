import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryTask } from '@snowgear/contracts';
import { changeLanguage } from '@/lib/i18n';
import { storeTime } from '@/lib/store-clock';
import { RunCard } from './run-card';

const HOUR = 3_600_000;

function task(overrides: Partial<DeliveryTask>): DeliveryTask {
  return {
    orderId: 'o1',
    orderNumber: '202611260001',
    kind: 'delivery',
    status: 2,
    storeId: 's1',
    storeName: '万龙雪场店',
    customerName: '李雪',
    customerPhone: '13800001111',
    address: '万龙酒店 1208',
    dueAt: new Date(Date.now() + HOUR).toISOString(),
    windowEnd: null,
    doneAt: null,
    driverId: null,
    driverName: null,
    items: [{ name: '雪镜', barcodeNumber: null }],
    toCollect: 0,
    ...overrides,
  };
}

function renderCard(t: DeliveryTask) {
  const router = createMemoryRouter([{ path: '/', element: <RunCard task={t} /> }]);
  render(<RouterProvider router={router} />);
}

describe('a delivery run', () => {
  beforeAll(() => changeLanguage('zh-CN'));

  it('shows the window the customer booked, and is late only once it has closed', () => {
    const dueAt = new Date(Date.now() - HOUR).toISOString();
    const windowEnd = new Date(Date.now() + HOUR).toISOString();
    renderCard(task({ dueAt, windowEnd }));
    expect(
      screen.getByText(`${storeTime(dueAt)}–${storeTime(windowEnd, 'HH:mm')} 送达`),
    ).toBeTruthy();
    expect(screen.queryByText(/超时/)).toBeNull();
  });

  it('without a window, is due by the rental start', () => {
    const dueAt = new Date(Date.now() - HOUR).toISOString();
    renderCard(task({ dueAt }));
    expect(screen.getByText(new RegExp(`^${storeTime(dueAt)} 前送达 · 已超时$`))).toBeTruthy();
  });
});
