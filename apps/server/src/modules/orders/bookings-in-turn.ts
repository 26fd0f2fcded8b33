/**
 * Bookings of one item placed at the same moment in this process take turns here. Before, each
 * waited for the item's database lock inside its own transaction, holding a pooled connection,
 * only to fail its insert once the first had committed: two hundred bookings of one item queued
 * one behind another and starved every other request of connections. Now one books while the
 * others wait here, holding nothing; when it is done they all check at once whether it took the
 * gear (those asking of the same gear and time share one statement), and are told so, or the next
 * one books.
 *
 * Only an ordering within this process: the item's database lock and the exclusion constraint
 * still decide between processes and against every other change of an item's holds. Items are
 * keys of their own, so bookings of different gear never wait on each other.
 */
const inFlight = new Map<string, Promise<unknown>>();
let waitingNow = 0;

/** Bookings waiting here for another booking of their gear (the metrics' queue length). */
export function bookingsWaitingTheirTurn(): number {
  return waitingNow;
}

function busy(equipmentIds: string[]): Promise<unknown>[] {
  return equipmentIds.flatMap((id) => inFlight.get(id) ?? []);
}

/**
 * Runs `book` as the one booking of these items in flight here. While another is in flight, waits
 * for it and then runs `check` (which throws when the gear is taken) before trying again.
 */
export async function bookInTurn<T>(
  equipmentIds: string[],
  check: () => Promise<void>,
  book: () => Promise<T>,
): Promise<T> {
  for (;;) {
    const waiting = busy(equipmentIds);
    if (waiting.length > 0) {
      waitingNow += 1;
      try {
        await Promise.allSettled(waiting);
      } finally {
        waitingNow -= 1;
      }
      await check();
      continue; // another may have begun its turn while this one checked
    }
    const booking = book();
    for (const id of equipmentIds) inFlight.set(id, booking);
    try {
      return await booking;
    } finally {
      for (const id of equipmentIds) if (inFlight.get(id) === booking) inFlight.delete(id);
    }
  }
}
