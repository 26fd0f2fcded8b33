import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { releaseFreedMemory } from './release-memory';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const residentMiB = () => process.memoryUsage.rss() / 2 ** 20;

it.runIf(process.platform === 'linux')(
  'gives back memory that was freed below memory still in use',
  () => {
    // 60 MiB in pieces small enough for glibc's heap (not mapped one by one), each followed by
    // one that stays: once the first are freed, the free memory is below memory in use and
    // glibc keeps it.
    const freed: Buffer[] = [];
    const kept: Buffer[] = [];
    for (let i = 0; i < 6_000; i += 1) {
      freed.push(Buffer.alloc(10 * 1024, 1));
      kept.push(Buffer.alloc(64, 1));
    }
    freed.length = 0;
    collectGarbage();
    collectGarbage();
    const before = residentMiB();

    expect(releaseFreedMemory()).toBe(true);

    expect(before - residentMiB()).toBeGreaterThan(30);
    expect(kept.every((buffer) => buffer[0] === 1)).toBe(true);
  },
);
