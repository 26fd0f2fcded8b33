import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerAddress } from '@snowgear/contracts';
import { ApiError } from '@/lib/api-errors';
import { changeLanguage } from '@/lib/i18n';
import { AddressEditor } from './address-editor';

const hotel: CustomerAddress = {
  id: 'a1',
  label: '酒店',
  address: '崇礼区万龙度假天堂酒店 1208',
  isDefault: false,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
};

const type = (input: HTMLInputElement | HTMLTextAreaElement, text: string) =>
  fireEvent.change(input, { target: { value: text } });
const field = (dialog: HTMLElement, label: string) =>
  within(dialog)
    .getByText(label)
    .closest('.adm-form-item')!
    .querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea')!;

function open(props: Partial<Parameters<typeof AddressEditor>[0]> = {}) {
  const onSave = props.onSave ?? vi.fn(async () => undefined);
  const onClose = props.onClose ?? vi.fn();
  render(
    <AddressEditor
      visible
      value={null}
      isFirst={false}
      {...props}
      onSave={onSave}
      onClose={onClose}
    />,
  );
  return { onSave, onClose, dialog: screen.getByRole('dialog') };
}

describe('address editor', () => {
  afterEach(() => changeLanguage('zh-CN'));

  it('gives back the address trimmed, on one line, with its name and the default switch', async () => {
    await changeLanguage('zh-CN');
    const { onSave, onClose, dialog } = open();
    type(field(dialog, '地址'), '  太子城小镇\r\n3 号楼 ');
    fireEvent.click(within(dialog).getByRole('button', { name: '公司' }));
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        label: '公司',
        address: '太子城小镇 3 号楼',
        isDefault: true,
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's field problems next to the fields, and other refusals under the form", async () => {
    await changeLanguage('en-US');
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError('Your request is not valid!', 400, 'App:Validation', [
          { message: 'AddressTooLong', members: ['address'] },
          { message: 'InvalidCharacters', members: ['label'] },
        ]),
      )
      .mockRejectedValueOnce(new ApiError('This address does not exist', 404, 'Address:NotFound'));
    const { onClose, dialog } = open({ value: hotel, onSave });
    expect(field(dialog, 'Address').value).toBe(hotel.address);
    expect(field(dialog, 'Name (optional)').value).toBe('酒店');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An address has at most 120 characters')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Line breaks, control characters and text-direction marks are not allowed',
      ),
    ).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This address does not exist')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the first address and the default as the default (the switch explains why)', async () => {
    await changeLanguage('zh-CN');
    const first = open({ isFirst: true });
    expect(within(first.dialog).getByText('第一个地址会自动成为默认地址')).toBeTruthy();
    type(field(first.dialog, '地址'), '万龙滑雪场');
    fireEvent.click(within(first.dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(first.onSave).toHaveBeenCalledWith({
        label: '',
        address: '万龙滑雪场',
        isDefault: true,
      }),
    );
  });
});
