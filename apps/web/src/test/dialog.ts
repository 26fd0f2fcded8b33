import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The dialog on the screen once it has finished opening. antd-mobile's centre popup lets nothing
 * in it be tapped until then (a person cannot tap it sooner either); a test that taps at once can
 * close it before its opening animation starts, and its closing animation then never runs.
 */
export async function openedDialog(saying?: string): Promise<HTMLElement> {
  // Over a panel (itself a dialog), the one that says this.
  const dialog = saying
    ? (await screen.findByText(saying)).closest<HTMLElement>('[role="dialog"]')!
    : await screen.findByRole('dialog');
  await waitFor(() =>
    expect((dialog.firstElementChild as HTMLElement | null)?.style.pointerEvents).toBe('unset'),
  );
  return dialog;
}
