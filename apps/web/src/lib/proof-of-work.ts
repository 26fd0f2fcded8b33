import type { Challenge, Solution } from 'altcha/lib';

/**
 * Past a person's pace (a resort's guests share one address), the server asks an anonymous call
 * for a proof of work (428 App:ProofOfWorkRequired) rather than refusing it: the client solves
 * an ALTCHA challenge and sends the call again with the solution. A phone takes about a second.
 *
 * The solver and its workers load only when first needed: most visitors never meet one.
 */
export const PROOF_OF_WORK_HEADER = 'X-Altcha';

/** The challenge the server hands out (`GET /app/altcha/challenge`). */
export type ProofOfWorkChallenge = Challenge;

/** Solving runs in workers, off the page's thread; a page without workers solves in place. */
async function solve(challenge: Challenge): Promise<Solution | null> {
  const lib = await import('altcha/lib');
  if (typeof Worker === 'undefined') {
    return lib.solveChallenge({ challenge, deriveKey: lib.pbkdf2.deriveKey });
  }
  const { default: Pbkdf2Worker } = await import('altcha/workers/pbkdf2?worker');
  return lib.solveChallengeWorkers({
    challenge,
    concurrency: Math.min(4, Math.max(1, navigator.hardwareConcurrency || 2)),
    createWorker: () => new Pbkdf2Worker(),
    timeout: 60_000,
  });
}

/** Solves a challenge into the `X-Altcha` header's value (the ALTCHA widget's payload). */
export async function solveProofOfWork(challenge: ProofOfWorkChallenge): Promise<string | null> {
  const solution = await solve(challenge);
  if (!solution) return null;
  const payload = JSON.stringify({ challenge, solution });
  return btoa(String.fromCharCode(...new TextEncoder().encode(payload)));
}
