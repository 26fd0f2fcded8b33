import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { storeTimeText } from '@/lib/store-time';
import { DataAge } from './data-age';

describe('DataAge', () => {
  const setOnline = (online: boolean) => {
    Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  afterEach(() => setOnline(true));
  // 10:42 today on the store's clock (Asia/Shanghai, UTC+8), whatever zone the phone is in.
  const storeDay = storeTimeText(Date.now(), 'en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const today = new Date(`${storeDay}T10:42:00+08:00`);

  it('says nothing while the data is fresh and the network is there', async () => {
    await changeLanguage('zh-CN');
    render(<DataAge updatedAt={today.getTime()} failed={false} />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says when the data was read, offline or after a failed refresh', async () => {
    await changeLanguage('zh-CN');
    setOnline(false);
    const { unmount } = render(<DataAge updatedAt={today.getTime()} failed={false} />);
    expect(screen.getByRole('note').textContent).toBe('离线：显示的是 10:42 的数据');
    unmount();
    setOnline(true);
    await changeLanguage('en-US');
    render(<DataAge updatedAt={today.getTime()} failed />);
    expect(screen.getByRole('note').textContent).toBe(
      'Could not refresh: showing data from 10:42 AM',
    );
    await changeLanguage('zh-CN');
  });

  it('gives the store’s date too when the data is from another day there', async () => {
    await changeLanguage('zh-CN');
    setOnline(false);
    const dayBefore = new Date(today.getTime() - 86_400_000);
    render(<DataAge updatedAt={dayBefore.getTime()} failed={false} />);
    const [, month, day] = storeTimeText(dayBefore, 'en-CA', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    }).split('-');
    expect(screen.getByRole('note').textContent).toBe(
      `离线：显示的是 ${month}/${day} 10:42 的数据`,
    );
  });
});
