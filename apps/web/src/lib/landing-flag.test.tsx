import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLandingFlag } from './landing-flag';

function Landing() {
  return <p>{useLandingFlag('paid') ? 'paid banner' : 'no banner'}</p>;
}

describe('a one-time landing flag', () => {
  it('is said on landing, leaves the address, and is not said again on Back from the next page', async () => {
    const router = createMemoryRouter(
      [
        { path: '/order', element: <Landing /> },
        { path: '/receipt', element: <p>receipt</p> },
      ],
      { initialEntries: ['/order?paid=1&tab=2'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('paid banner')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(screen.getByText('paid banner')).toBeTruthy();
    await act(() => router.navigate('/receipt'));
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/order');
    expect(await screen.findByText('no banner')).toBeTruthy();
  });
});
