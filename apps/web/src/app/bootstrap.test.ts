import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showCheckingWhileSolving } from './bootstrap';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("'Checking…' while the phone solves a proof of work", () => {
  it('shows once a solve takes long enough to notice, and goes when it is done', async () => {
    showCheckingWhileSolving(true);
    expect(await screen.findByText('正在验证…')).toBeTruthy();
    showCheckingWhileSolving(false);
    await waitFor(() => expect(screen.queryByText('正在验证…')).toBeNull());
  });

  it('shows nothing for a quick solve', async () => {
    showCheckingWhileSolving(true);
    await pause(100);
    showCheckingWhileSolving(false);
    await pause(700);
    expect(screen.queryByText('正在验证…')).toBeNull();
  });
});
