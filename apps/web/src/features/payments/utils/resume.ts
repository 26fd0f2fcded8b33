/**
 * The attempt a payer left this page for (an H5 payment sends the browser to the provider and
 * back): kept for the tab's life so the page picks up where it was.
 */
const key = (orderId: string) => `payment:${orderId}`;

export function rememberAttempt(orderId: string, paymentId: string) {
  try {
    sessionStorage.setItem(key(orderId), paymentId);
  } catch {
    // Private mode without storage: the page simply starts over on return.
  }
}

export function resumedAttempt(orderId: string): string | null {
  try {
    return sessionStorage.getItem(key(orderId));
  } catch {
    return null;
  }
}

export function forgetAttempt(orderId: string) {
  try {
    sessionStorage.removeItem(key(orderId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
