import { act, render } from '@testing-library/react';
import { createMemoryHistory, type Location } from 'history';
import { describe, expect, it, vi } from 'vitest';
import { HistoryContext, useLeaveGuard } from './history';

function Guarded({ active, ask }: { active: boolean; ask: (to: Location) => Promise<boolean> }) {
  useLeaveGuard(active, ask);
  return null;
}

function setUp(active: boolean, answer: boolean) {
  const history = createMemoryHistory({ initialEntries: ['/a', '/b'], initialIndex: 1 });
  const ask = vi.fn(async (_to: Location) => answer);
  const view = render(
    <HistoryContext value={history}>
      <Guarded active={active} ask={ask} />
    </HistoryContext>,
  );
  return { history, ask, view };
}

describe('leaving a page with unsaved changes', () => {
  it('asks before a navigation and stays when told to', async () => {
    const { history, ask } = setUp(true, false);
    await act(async () => history.push('/c?x=1'));
    expect(ask).toHaveBeenCalledOnce();
    expect(ask.mock.calls[0]![0]).toMatchObject({ pathname: '/c', search: '?x=1' });
    expect(history.location.pathname).toBe('/b');
  });

  it('goes on when the answer is to leave, the back button included', async () => {
    const { history, ask } = setUp(true, true);
    await act(async () => history.back());
    expect(ask.mock.calls[0]![0]).toMatchObject({ pathname: '/a' });
    expect(history.location.pathname).toBe('/a');
  });

  it('asks nothing while there is nothing to lose, or once the page is gone', async () => {
    const idle = setUp(false, false);
    await act(async () => idle.history.push('/c'));
    expect(idle.ask).not.toHaveBeenCalled();
    expect(idle.history.location.pathname).toBe('/c');
    idle.view.unmount();

    const gone = setUp(true, false);
    gone.view.unmount();
    await act(async () => gone.history.push('/d'));
    expect(gone.ask).not.toHaveBeenCalled();
    expect(gone.history.location.pathname).toBe('/d');
  });
});
