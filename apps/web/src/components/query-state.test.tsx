import { render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { QueryState } from './query-state';

function Figures() {
  const query = useQuery({ queryKey: ['figures'], queryFn: async () => ({ toConfirm: 3 }) });
  return <QueryState query={query}>{(d) => <p>待确认 {d.toConfirm} 单</p>}</QueryState>;
}

/** What the screen shows at each change: the skeleton, the content, or something else. */
function watchStates() {
  const seen: string[] = [];
  const watch = new MutationObserver(() => {
    const state = screen.queryByText('待确认 3 单')
      ? 'content'
      : screen.queryByRole('status', { name: '加载中…' })
        ? 'skeleton'
        : 'other';
    if (seen.at(-1) !== state) seen.push(state);
  });
  watch.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { seen, stop: () => watch.disconnect() };
}

describe('one record on a page', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
  });

  it('keeps its skeleton until the content is drawn, and nothing between', async () => {
    const states = watchStates();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Figures />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('待确认 3 单')).toBeTruthy();
    states.stop();
    expect(states.seen).toEqual(['skeleton', 'content']);
  });

  it('draws what the phone already holds at once, without a skeleton', async () => {
    const client = createQueryClient();
    client.setQueryData(['figures'], { toConfirm: 3 });
    render(
      <QueryClientProvider client={client}>
        <Figures />
      </QueryClientProvider>,
    );
    // In the first render itself.
    expect(screen.getByText('待确认 3 单')).toBeTruthy();
    expect(screen.queryByRole('status', { name: '加载中…' })).toBeNull();
  });
});
