import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { useScanner } from '../hooks/use-scanner';
import { gunScan } from '@/test/gun';
import { scanMany, useScannerStore } from '../stores/scanner-store';
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

  it('batch mode: stays open from code to code, lists each verdict, takes the gun too, closes on Done', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<ScannerHost />);
    const seen: string[] = [];
    let outcome: Promise<void> = Promise.resolve();
    act(() => {
      outcome = scanMany({
        title: '批量出库：逐件扫描',
        onEach: ({ text }) => {
          seen.push(text);
          return Promise.resolve(
            text.startsWith('SG')
              ? { ok: true, title: `设备 ${text}`, detail: '已加入' }
              : { ok: false, title: text, detail: '不是本店的设备条码' },
          );
        },
      });
    });
    const dialog = await screen.findByRole('dialog', { name: '批量出库：逐件扫描' });
    expect(dialog.textContent).toContain('逐件扫描，每件都会提示结果');

    await user.click(screen.getByRole('button', { name: /手动输入/ }));
    await user.type(screen.getByPlaceholderText('请输入条码或二维码内容'), 'SGBATCH01{Enter}');
    const list = await screen.findByRole('list');
    await waitFor(() => expect(list.textContent).toContain('设备 SGBATCH01'));
    // The barcode gun reaches the same list while the camera is open.
    gunScan('XX00002');
    await waitFor(() => expect(list.textContent).toContain('不是本店的设备条码'));
    await user.click(screen.getByRole('button', { name: /手动输入/ }));
    await user.type(screen.getByPlaceholderText('请输入条码或二维码内容'), 'SGBATCH03{Enter}');
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(3));
    // Newest first, with the count of what was taken and refused.
    expect(list.querySelector('li')!.textContent).toContain('设备 SGBATCH03');
    expect(screen.getByText('已扫 2 件 · 1 件未通过')).toBeTruthy();
    expect(screen.queryByText('扫描成功')).toBeNull();

    await user.click(screen.getByRole('button', { name: '完成' }));
    await expect(outcome).resolves.toBeUndefined();
    expect(seen).toEqual(['SGBATCH01', 'XX00002', 'SGBATCH03']);
    expect(useScannerStore.getState().pending).toBeNull();
  });
});
