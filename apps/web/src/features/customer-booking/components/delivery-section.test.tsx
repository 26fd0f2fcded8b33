import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DeliveryMethod, ReturnMethod } from '@snowgear/contracts';
import { changeLanguage } from '@/lib/i18n';
import { DeliverySection } from './delivery-section';

const base = {
  deliveryMethod: DeliveryMethod.Delivery,
  deliveryAddress: '',
  returnMethod: ReturnMethod.Pickup,
  returnAddress: '',
  deliveryFee: 30,
  pickupFee: 20,
  deliveryPresets: [{ label: '万龙酒店大堂', address: '万龙酒店大堂' }],
  pickupPresets: [{ label: '云顶酒店大堂', address: '云顶酒店大堂' }],
  errors: {},
};

describe('delivery and return', () => {
  beforeAll(() => changeLanguage('zh-CN'));

  it("offers the customer's saved addresses beside each field, and keeps the store's presets", async () => {
    const onChange = vi.fn();
    render(
      <DeliverySection
        {...base}
        onChange={onChange}
        savedAddresses={({ id, onChange: pick }) => (
          <button type="button" onClick={() => pick('我的酒店 1208')}>
            {`已保存-${id}`}
          </button>
        )}
      />,
    );
    fireEvent.click(await screen.findByText('已保存-booking-delivery-address'));
    expect(onChange).toHaveBeenLastCalledWith({ deliveryAddress: '我的酒店 1208' });
    fireEvent.click(screen.getByText('已保存-booking-return-address'));
    expect(onChange).toHaveBeenLastCalledWith({ returnAddress: '我的酒店 1208' });

    const presets = screen.getAllByRole('generic', { name: '常用地址' });
    expect(presets).toHaveLength(2);
    fireEvent.click(within(presets[0]!).getByText('万龙酒店大堂'));
    expect(onChange).toHaveBeenLastCalledWith({ deliveryAddress: '万龙酒店大堂' });
  });

  it('shows a preset as the reader reads it and fills in what the order keeps', async () => {
    const onChange = vi.fn();
    render(
      <DeliverySection
        {...base}
        deliveryPresets={[
          { label: 'Wanlong Hotel lobby', address: 'Wanlong Hotel lobby (万龙酒店大堂)' },
        ]}
        onChange={onChange}
      />,
    );
    fireEvent.click(await screen.findByText('Wanlong Hotel lobby'));
    expect(onChange).toHaveBeenLastCalledWith({
      deliveryAddress: 'Wanlong Hotel lobby (万龙酒店大堂)',
    });
  });

  it('shows no saved addresses to someone not signed in as a customer', async () => {
    render(<DeliverySection {...base} onChange={vi.fn()} />);
    expect(await screen.findByText('云顶酒店大堂')).toBeTruthy();
    expect(screen.queryByText(/已保存/)).toBeNull();
  });
});

describe('an address the booking cannot take', () => {
  beforeAll(() => changeLanguage('zh-CN'));

  it('marks the text box itself wrong and reads its message out with it', async () => {
    render(
      <DeliverySection {...base} errors={{ deliveryAddress: '请填写地址' }} onChange={vi.fn()} />,
    );
    const box = await screen.findByLabelText('送货地址');
    expect(box.tagName).toBe('INPUT');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      '请填写地址',
    );
    expect(screen.getByLabelText('取件地址').getAttribute('aria-invalid')).toBe('false');
  });
});
