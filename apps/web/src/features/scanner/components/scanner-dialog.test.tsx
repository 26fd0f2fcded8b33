import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { useScanner } from '../hooks/use-scanner';
import { useScannerStore } from '../stores/scanner-store';
import { ScannerHost } from './scanner-host';

// jsdom lacks pointer capture, which antd-mobile's swipe-to-close asks for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

afterEach(() => {
  const pending = useScannerStore.getState().pending;
  if (pending) act(() => useScannerStore.getState().close(pending.id));
});

/** jsdom has no camera: the dialog must say why and still offer typing the code. */
describe('scanner dialog', () => {
  it('explains the missing camera, refuses empty manual entry and checks the validator', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<ScannerHost />);
    const onError = vi.fn();
    const { result } = renderHook(() => useScanner());
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = result.current.scan({
        title: '扫描设备条码',
        validator: (text) => text.startsWith('SG') || '请扫描以 SG 开头的设备条码',
        onError,
      });
    });
    expect(await screen.findByRole('dialog', { name: '扫描设备条码' })).toBeTruthy();
    expect(result.current.scanning).toBe(true);
    // jsdom is neither a secure page nor able to stream: the first check names it, with advice.
    expect(await screen.findByText('当前页面不是安全连接，无法使用相机')).toBeTruthy();
    expect(screen.getByText(/请通过 HTTPS 地址打开本页面/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /手动输入/ }));
    await user.click(screen.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('请输入编码内容')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('请输入条码或二维码内容'), 'XX001');
    await user.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('请扫描以 SG 开头的设备条码'));

    await user.clear(screen.getByPlaceholderText('请输入条码或二维码内容'));
    await user.type(screen.getByPlaceholderText('请输入条码或二维码内容'), 'SGWLSKI001{Enter}');
    await expect(outcome).resolves.toEqual({ text: 'SGWLSKI001', source: 'manual' });
    expect(await screen.findByText('扫描成功')).toBeTruthy();
    await waitFor(() => expect(result.current.scanning).toBe(false));
  });

  it('falls back to the default refusal text and shows English texts', async () => {
    await changeLanguage('en-US');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<ScannerHost />);
    const onError = vi.fn();
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = useScannerStore.getState().scan({ validator: () => false, onError });
    });
    expect(await screen.findByRole('dialog', { name: 'Scan QR/barcode' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Type it/ }));
    await user.type(
      screen.getByPlaceholderText('Please enter barcode or QR content'),
      'abc{Enter}',
    );
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Scan result format is incorrect'));
    // Closing without a result gives the caller null.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Close scanner' }));
    await expect(outcome).resolves.toBeNull();
    await changeLanguage('zh-CN');
  });
});
