import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  Link,
  Route,
  useNavigate,
  Routes,
  unstable_HistoryRouter as HistoryRouter,
  type HistoryRouterProps,
} from 'react-router';
import { createBrowserHistory, type BrowserHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Popup } from '@/components/antd/popup';
import { Dialog } from '@/components/antd/dialog';
import { HistoryContext, useLeaveGuard } from './history';
import { disableCloseOnBack, enableCloseOnBack } from './close-on-back';

/** A page with a note typed on it, and a sheet with its own field, a dialog and a link. */
function NotePage({ guard }: { guard?: () => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('');
  const navigate = useNavigate();
  useLeaveGuard(!!guard, guard ?? (async () => true));
  return (
    <main>
      <h1>note page</h1>
      <input aria-label="note" defaultValue="" />
      <button type="button" onClick={() => setOpen(true)}>
        open sheet
      </button>
      <p>{answer}</p>
      <Popup visible={open} onClose={() => setOpen(false)} showCloseButton>
        <div role="dialog" aria-label="sheet">
          <input aria-label="in sheet" />
          <button type="button" onClick={() => setOpen(false)}>
            done
          </button>
          <button
            type="button"
            onClick={() =>
              void Dialog.confirm({ content: 'sure?' }).then((yes) => setAnswer(`answer: ${yes}`))
            }
          >
            ask
          </button>
          <Link to="/other" onClick={() => setOpen(false)}>
            elsewhere
          </Link>
          <button
            type="button"
            onClick={() => {
              // A choice the page keeps in its address, as filters do.
              void navigate('/notes?sort=new', { replace: true });
              setOpen(false);
            }}
          >
            newest first
          </button>
        </div>
      </Popup>
    </main>
  );
}

let history: BrowserHistory;

function renderApp(guard?: () => Promise<boolean>) {
  history.push('/start');
  history.push('/notes');
  render(
    <HistoryRouter history={history as unknown as HistoryRouterProps['history']}>
      <HistoryContext value={history}>
        <Routes>
          <Route path="/start" element={<h1>start page</h1>} />
          <Route path="/notes" element={<NotePage guard={guard} />} />
          <Route path="/other" element={<h1>other page</h1>} />
        </Routes>
      </HistoryContext>
    </HistoryRouter>,
  );
}

/**
 * The phone's back gesture: the browser goes one entry back, and says so a moment later (the
 * page's own listeners may not hear it: a pop within the page is stopped before the router's).
 */
async function pressBack() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
}

const sheetShown = () => screen.queryByRole('dialog', { name: 'sheet' }) !== null;

/** Opens the sheet and waits for it to finish opening (a tap in it lands only then). */
async function openSheet() {
  fireEvent.click(screen.getByRole('button', { name: 'open sheet' }));
  await waitFor(() =>
    expect(document.querySelector<HTMLElement>('.adm-popup-body')?.style.pointerEvents).toBe(
      'unset',
    ),
  );
}

beforeEach(() => {
  history = enableCloseOnBack(createBrowserHistory);
});

afterEach(() => {
  disableCloseOnBack();
});

describe("the phone's back gesture", () => {
  it('closes an open sheet first, keeping what was typed on the page; a second Back leaves', async () => {
    renderApp();
    fireEvent.change(screen.getByLabelText('note'), { target: { value: '两块单板' } });
    await openSheet();

    await pressBack();
    await waitFor(() => expect(sheetShown()).toBe(false));
    expect(history.location.pathname).toBe('/notes');
    expect(screen.getByLabelText<HTMLInputElement>('note').value).toBe('两块单板');

    await pressBack();
    await screen.findByText('start page');
  });

  it('leaves no entry behind when the sheet closes by its own button', async () => {
    renderApp();
    const entries = window.history.length;
    await openSheet();
    expect(window.history.length).toBe(entries + 1);

    fireEvent.click(screen.getByRole('button', { name: 'done' }));
    await waitFor(() => expect(window.history.state?.__sheet).toBeUndefined());
    await waitFor(() => expect(sheetShown()).toBe(false));

    // The very next Back leaves the page: it is not spent on the sheet's old entry.
    await pressBack();
    await screen.findByText('start page');
  });

  it('closes a dialog over a sheet first, as its cancel would, then the sheet', async () => {
    renderApp();
    await openSheet();
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    await screen.findByText('sure?');

    await pressBack();
    await screen.findByText('answer: false');
    expect(sheetShown()).toBe(true);

    await pressBack();
    await waitFor(() => expect(sheetShown()).toBe(false));
    expect(history.location.pathname).toBe('/notes');
  });

  it("does not ask a page's leave guard about its own sheets", async () => {
    const ask = vi.fn(async () => false);
    renderApp(ask);
    await openSheet();
    await pressBack();
    await waitFor(() => expect(sheetShown()).toBe(false));
    expect(ask).not.toHaveBeenCalled();
    expect(history.location.pathname).toBe('/notes');
  });

  it('steps over the entry of a sheet a link closed, so Back never does nothing', async () => {
    renderApp();
    await openSheet();
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    await screen.findByText('other page');

    await pressBack();
    await screen.findByText('note page');
    // Landed on the sheet's old entry: it is stepped over to the page's own.
    await waitFor(() => expect(window.history.state?.__sheet).toBeUndefined());
    expect(sheetShown()).toBe(false);

    await pressBack();
    await screen.findByText('start page');
  });

  it('keeps an address the page chose in a sheet: Back does not bring the old one back', async () => {
    renderApp();
    await openSheet();
    fireEvent.click(screen.getByRole('button', { name: 'newest first' }));
    await waitFor(() => expect(sheetShown()).toBe(false));
    await waitFor(() => expect(window.location.search).toBe('?sort=new'));
    await waitFor(() => expect(window.history.state?.__sheet).toBeUndefined());
    expect(history.location.search).toBe('?sort=new');

    await pressBack();
    await screen.findByText('start page');
  });
});
