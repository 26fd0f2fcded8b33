import { describe, expect, it } from 'vitest';
import { bookInTurn } from './bookings-in-turn.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('bookings of one item in turn', () => {
  it('lets one book while the others wait, then tells them all at once it is taken', async () => {
    let taken = false;
    let booking = 0;
    let checksWhileBooking = 0;
    let checks = 0;
    const attempt = () =>
      bookInTurn(
        ['item-a'],
        async () => {
          checks += 1;
          if (booking > 0) checksWhileBooking += 1;
          if (taken) throw new Error('taken');
        },
        async () => {
          booking += 1;
          await tick();
          taken = true;
          booking -= 1;
          return 'booked';
        },
      );
    const results = await Promise.allSettled(Array.from({ length: 50 }, attempt));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(49);
    // Each that waited checked once, none while the booking ran.
    expect(checks).toBe(49);
    expect(checksWhileBooking).toBe(0);
  });

  it('gives the next one its turn when a booking fails', async () => {
    const order: string[] = [];
    const first = bookInTurn(
      ['item-b'],
      async () => undefined,
      async () => {
        await tick();
        order.push('first failed');
        throw new Error('rolled back');
      },
    );
    const second = bookInTurn(
      ['item-b'],
      async () => undefined,
      async () => {
        order.push('second booked');
        return 2;
      },
    );
    await expect(first).rejects.toThrow('rolled back');
    await expect(second).resolves.toBe(2);
    expect(order).toEqual(['first failed', 'second booked']);
  });

  it('never makes bookings of different items wait on each other', async () => {
    let release!: () => void;
    const slow = bookInTurn(
      ['item-c'],
      async () => undefined,
      () => new Promise<void>((r) => (release = r)),
    );
    await expect(
      bookInTurn(
        ['item-d'],
        async () => undefined,
        async () => 'other item',
      ),
    ).resolves.toBe('other item');
    release();
    await slow;
  });
});
