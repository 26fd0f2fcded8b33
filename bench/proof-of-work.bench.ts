/**
 * What a proof of work costs (docs/permissions.md, "Request rate limit"): challenges made by the
 * server's own `ProofOfWork` at the default settings (PROOF_OF_WORK_DIFFICULTY 3000,
 * PROOF_OF_WORK_COST 500), solved one after the other on one core by the web app's solver
 * (`altcha/lib`'s `solveChallenge` with its PBKDF2 key derivation, what each of the app's workers
 * runs). Prints the time of one try, the tries and the time of each solve, and the expected cost
 * of a proof: the hidden counter is drawn evenly from 0 to the difficulty, so a solver that counts
 * up from 0 makes difficulty / 2 + 1 tries on average, and the whole range at worst.
 *
 * `BENCH_PROOFS` (20) challenges; `PROOF_OF_WORK_DIFFICULTY` and `PROOF_OF_WORK_COST` as the
 * server reads them. The figure for a phone is a stated multiple of this machine's, not measured.
 */
import { cpus } from 'node:os';
import { pbkdf2, solveChallenge } from 'altcha/lib';
import { ProofOfWork } from '@/lib/proof-of-work.js';

const PROOFS = Number(process.env.BENCH_PROOFS ?? 20);
const difficulty = Number(process.env.PROOF_OF_WORK_DIFFICULTY ?? 3000);
const cost = Number(process.env.PROOF_OF_WORK_COST ?? 500);
/**
 * One core of a mid-tier phone against a desktop core: Lighthouse's mobile preset slows the CPU
 * 4× to turn a desktop (benchmarkIndex 1,500–2,000) into a mid-tier phone (its throttling guide;
 * docs/performance.md). The machines this project is measured on read 1,700–3,900.
 */
const PHONE_SLOWDOWN = 4;

const pow = new ProofOfWork('bench-secret-of-at-least-32-characters', { difficulty, cost });
const solves: { tries: number; ms: number }[] = [];
for (let i = 0; i < PROOFS; i++) {
  const challenge = await pow.challenge();
  const start = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2.deriveKey });
  const ms = performance.now() - start;
  if (!solution) throw new Error('a challenge was not solved');
  solves.push({ tries: solution.counter + 1, ms });
}

const tries = solves.reduce((n, s) => n + s.tries, 0);
const ms = solves.reduce((n, s) => n + s.ms, 0);
const perTry = ms / tries;
const expectedTries = difficulty / 2 + 1;
const expected = expectedTries * perTry;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const s = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;

console.log(
  `${cpus()[0]?.model ?? 'unknown CPU'}, one core; difficulty ${difficulty}, cost ${cost}`,
);
console.log(`one try (PBKDF2-SHA-256 × ${cost})        ${perTry.toFixed(3)} ms`);
console.log(
  `${PROOFS} solves: tries ${Math.min(...solves.map((x) => x.tries))}–${Math.max(...solves.map((x) => x.tries))}, ` +
    `mean ${(tries / PROOFS).toFixed(0)}; time median ${s(median(solves.map((x) => x.ms)))}, mean ${s(ms / PROOFS)}`,
);
console.log(
  `expected per proof: ${expectedTries} tries = ${s(expected)} here, ` +
    `about ${s(expected * PHONE_SLOWDOWN)} on one core of a mid-tier phone (${PHONE_SLOWDOWN}×)`,
);
console.log(
  `at worst (${difficulty + 1} tries): ${s((difficulty + 1) * perTry)} here, ` +
    `${s((difficulty + 1) * perTry * PHONE_SLOWDOWN)} on one phone core`,
);
