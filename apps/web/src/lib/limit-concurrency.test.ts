import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './limit-concurrency';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('limit concurrency', () => {
  it('runs at most the limit at a time, the rest in the order given', async () => {
    const run = limitConcurrency(2);
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const all = gates.map((g, i) =>
      run(async () => {
        started.push(i);
        await g.opened;
        if (i === 1) throw new Error('upload failed');
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await expect(all[1]).rejects.toThrow('upload failed');
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all([all[0], all[2], all[3]])).toEqual([0, 2, 3]);
  });
});
