import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { DataAge } from './data-age';

describe('DataAge', () => {
  const setOnline = (online: boolean) => {
    Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  afterEach(() => setOnline(true));
  const today = new Date();
  today.setHours(10, 42, 0, 0);

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
});
