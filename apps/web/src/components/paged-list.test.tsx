import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PagedResult } from '@snowgear/contracts';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { PagedList, useShownTotal } from './paged-list';

/** Pages are drawn in idle periods: on a busy machine that takes longer than findBy's second. */
const SLOW = { timeout: 10_000 };

/** An IntersectionObserver the test moves: `scrollToEnd()` brings the watched end into view. */
const watched = new Set<{ callback: IntersectionObserverCallback; target: Element }>();
class TestObserver {
  private target: Element | null = null;
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.target = target;
    watched.add(this as never);
  }
  disconnect() {
    watched.delete(this as never);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  fire() {
    const entry = { isIntersecting: true, target: this.target } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}
function scrollToEnd() {
  for (const observer of [...watched]) (observer as unknown as TestObserver).fire();
}

const TOTAL = 45;
const PAGE = 20;

function List({
  load,
  withTotal = false,
}: {
  load: (skip: number) => Promise<PagedResult<string>>;
  withTotal?: boolean;
}) {
  const query = useInfiniteQuery({
    queryKey: ['gear'],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => load(pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
    retry: false,
  });
  const total = useShownTotal(query);
  return (
    <>
      {withTotal && total !== undefined && <p>共 {total} 件</p>}
      <PagedList query={query} emptyText="没有雪具">
        {(items) => (
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

const page = async (skip: number): Promise<PagedResult<string>> => ({
  totalCount: TOTAL,
  items: Array.from({ length: Math.min(PAGE, TOTAL - skip) }, (_, i) => `雪板 ${skip + i + 1}`),
});

function renderList(load: (skip: number) => Promise<PagedResult<string>>, withTotal = false) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <List load={load} withTotal={withTotal} />
    </QueryClientProvider>,
  );
}

describe('a paged list', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    vi.stubGlobal('IntersectionObserver', TestObserver);
  });
  afterEach(() => {
    // Unmount while the stand-in observer is still there: a page drawn in an idle moment after
    // the test's last look would otherwise ask for an observer that is gone.
    cleanup();
    watched.clear();
    vi.unstubAllGlobals();
  });

  it('loads the next page only as its end comes into view, and says when there is no more', async () => {
    const load = vi.fn(page);
    renderList(load);
    expect(await screen.findByText('雪板 20', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => scrollToEnd());
    expect(await screen.findByText('雪板 40', {}, SLOW)).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith(20);

    await act(async () => scrollToEnd());
    expect(await screen.findByText('雪板 45', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('没有更多了', {}, SLOW)).toBeTruthy();
    // At the end nothing is watched and nothing more is asked for.
    await act(async () => scrollToEnd());
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('雪板 46')).toBeNull();
  });

  it('draws a screenful of what arrived first, then the rest, never saying it is empty', async () => {
    const seen: string[] = [];
    const watch = new MutationObserver(() => {
      const shown = screen.queryAllByRole('listitem').length;
      const end = document.body.textContent?.includes('加载中…') ? ' with its end' : '';
      const empty = screen.queryByText('没有雪具') ? ' empty' : '';
      seen.push(`${shown}${end}${empty}`);
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderList(page);
    expect(await screen.findByText('雪板 20', {}, SLOW)).toBeTruthy();
    watch.disconnect();
    // Placeholders, then ten items without the end that asks for more, then the whole page.
    expect([...new Set(seen)]).toEqual(['0', '10', '20 with its end']);
  });

  it('says there is no more only once the last page is drawn', async () => {
    renderList(page);
    await screen.findByText('雪板 20', {}, SLOW);
    // The page's end (what asks for more) is drawn after its last item: scrolled to before it is
    // there, nothing would be asked for.
    await screen.findByText('加载中…', {}, SLOW);
    await act(async () => scrollToEnd());
    await screen.findByText('雪板 40', {}, SLOW);
    const seen: string[] = [];
    const watch = new MutationObserver(() => {
      if (document.body.textContent?.includes('没有更多了')) {
        seen.push(`${screen.queryAllByRole('listitem').length} with no more`);
      }
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    // Scrolled to until the last page arrives: on a busy machine the second page's end may not
    // be watched yet when its items show, and a scroll then asks for nothing.
    await waitFor(async () => {
      await act(async () => scrollToEnd());
      expect(screen.getByText('没有更多了')).toBeTruthy();
    }, SLOW);
    watch.disconnect();
    // The end never says "no more" under a list that has yet to show its last items.
    expect([...new Set(seen)]).toEqual(['45 with no more']);
  });

  it('shows the total above the list with its items, never above its placeholders', async () => {
    const seen: string[] = [];
    const watch = new MutationObserver(() => {
      const total = document.body.textContent?.includes('共 45 件') ? 'total' : 'no total';
      const placeholders = screen.queryByRole('status', { name: '加载中…' })
        ? ' over placeholders'
        : '';
      seen.push(`${total}${placeholders}`);
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderList(page, true);
    expect(await screen.findByText('雪板 20', {}, SLOW)).toBeTruthy();
    watch.disconnect();
    // The count and the items come in one render: it never pushes the placeholders down.
    expect([...new Set(seen)]).toEqual(['no total over placeholders', 'total']);
  });

  it('offers a retry when a page fails, and loads it when tapped', async () => {
    let failNext = true;
    const load = vi.fn(async (skip: number) => {
      if (skip > 0 && failNext) {
        failNext = false;
        throw new Error('network down');
      }
      return page(skip);
    });
    renderList(load);
    await screen.findByText('雪板 20', {}, SLOW);
    // Scrolled to once the page's end that asks for more is drawn (it comes after the items).
    await screen.findByText('加载中…', {}, SLOW);
    await act(async () => scrollToEnd());
    const retry = await screen.findByRole('button', { name: '加载失败，点击重试' }, SLOW);
    // Seen again while it failed: no request until the person asks.
    await act(async () => scrollToEnd());
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('雪板 20')).toBeTruthy();

    fireEvent.click(retry);
    expect(await screen.findByText('雪板 40', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('加载失败，点击重试')).toBeNull();
  });
});
