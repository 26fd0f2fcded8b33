/**
 * The attempt a payer left this page for (an H5 payment sends the browser to the provider and
 * back): kept for the tab's life so the page picks up where it was. It is kept with the bill and
 * amount it paid: an order paid once and then extended owes a new bill (or the same bill grown),
 * and the page must offer to pay that, not show the earlier attempt's success.
 */
const key = (orderId: string) => `payment:${orderId}`;

export interface DueBill {
  billId: string;
  amount: number;
}

interface Kept extends DueBill {
  paymentId: string;
}

export function rememberAttempt(orderId: string, bill: DueBill, paymentId: string) {
  try {
    const kept: Kept = { paymentId, billId: bill.billId, amount: bill.amount };
    sessionStorage.setItem(key(orderId), JSON.stringify(kept));
  } catch {
    // Private mode without storage: the page simply starts over on return.
  }
}

/** The attempt left for this bill at this amount; none for another bill or amount. */
export function resumedAttempt(orderId: string, bill: DueBill | undefined): string | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key(orderId)) ?? 'null') as Kept | null;
    return kept && bill && kept.billId === bill.billId && kept.amount === bill.amount
      ? kept.paymentId
      : null;
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
