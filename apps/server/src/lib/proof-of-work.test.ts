import { pbkdf2Sync } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { describe, expect, it } from 'vitest';
import { ProofOfWork } from './proof-of-work.js';

const DIFFICULTY = 3000;

/**
 * The hidden counter of a challenge, found as any solver finds it: counting up from 0 until the
 * derived key matches. One PBKDF2 round a try here, derived synchronously, so 200 solves take
 * about a second; the server's rounds (PROOF_OF_WORK_COST) change the cost of a try, not the
 * counter.
 */
async function hiddenCounter(challenge: Awaited<ReturnType<ProofOfWork['challenge']>>) {
  const solution = await solveChallenge({
    challenge,
    deriveKey: async (parameters, salt, password) => ({
      derivedKey: pbkdf2Sync(password, salt, parameters.cost, parameters.keyLength, 'sha256'),
    }),
  });
  if (!solution) throw new Error('not solved');
  return solution.counter;
}

describe('proof-of-work challenges', () => {
  it('hide their answer anywhere from 0 to the difficulty, so no starting point saves work', async () => {
    const pow = new ProofOfWork('a test secret of at least thirty-two characters', {
      difficulty: DIFFICULTY,
      cost: 1,
    });
    const counters: number[] = [];
    for (let i = 0; i < 200; i++) counters.push(await hiddenCounter(await pow.challenge()));

    expect(Math.min(...counters)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...counters)).toBeLessThanOrEqual(DIFFICULTY);
    // Each quarter of the range holds some of the 200 (an empty quarter by chance: (3/4)^200,
    // about 1 in 10^25), below half the difficulty as above it.
    const quarters = [0, 0, 0, 0];
    for (const c of counters) quarters[Math.min(3, Math.floor((c / (DIFFICULTY + 1)) * 4))]!++;
    expect(
      quarters.every((n) => n > 0),
      `draws per quarter: ${quarters.join(', ')}`,
    ).toBe(true);
  }, 30_000);
});
