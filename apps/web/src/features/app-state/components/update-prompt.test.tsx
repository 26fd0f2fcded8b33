import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/app';
import { changeLanguage } from '@/lib/i18n';
import { useUpdateStore } from '../stores/update-store';
import { UpdatePrompt } from './update-prompt';

describe('the new-version prompt', () => {
  it('shows nothing until a version waits, then updates when asked, or later', async () => {
    await changeLanguage('zh-CN');
    render(
      <AppProviders>
        <UpdatePrompt />
      </AppProviders>,
    );
    expect(screen.queryByText('新版本已就绪')).toBeNull();

    const apply = vi.fn();
    useUpdateStore.getState().offer(apply);
    await screen.findByText('新版本已就绪');
    await userEvent.click(screen.getByRole('button', { name: '立即更新' }));
    expect(apply).toHaveBeenCalledOnce();

    await userEvent.click(screen.getByRole('button', { name: '稍后' }));
    expect(screen.queryByText('新版本已就绪')).toBeNull();
    expect(useUpdateStore.getState().ready).toBe(false);
  });
});
