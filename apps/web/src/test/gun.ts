import { act, fireEvent } from '@testing-library/react';

/**
 * A barcode gun (keyboard wedge) scanning `code`: its keys arrive on the page far faster than
 * anyone types, then Enter.
 */
export function gunScan(code: string) {
  act(() => {
    for (const key of code) fireEvent.keyDown(window, { key });
    fireEvent.keyDown(window, { key: 'Enter' });
  });
}
