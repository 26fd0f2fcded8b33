import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Each worker's journeys share one server and its demo data (support/global-setup.ts starts one
 * per worker). The booking journeys (a customer's, then an
 * agent's for a customer) hold gear for today at the demo stores, as they would, and the
 * administration journey changes the business's settings, so they run last: the others find the
 * demo stock, the day's takings and the settings as seeded. (Workers take the files in this
 * order, so once one takes a file of these, every file left is one of them.)
 */
const HOLDING_GEAR = ['booking.e2e.ts', 'agent.e2e.ts', 'admin.e2e.ts'];
class BookingLast extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) =>
      HOLDING_GEAR.findIndex((name) => f.moduleId.endsWith(name)) + 1;
    return [...sorted].sort((a, b) => last(a) - last(b));
  }
}

/** `npm run test:e2e`: browser journeys against the built app on a freshly started server. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two files at once, each on its worker's own server: a journey waits on the browser and
    // its animations more than it computes, so two fill these two cores where one left half idle.
    maxWorkers: 2,
    sequence: { sequencer: BookingLast },
    // A failed journey's message is all CI keeps of it: the whole value, so a console error a
    // journey caught is read in full.
    chaiConfig: { truncateThreshold: 0 },
  },
});
