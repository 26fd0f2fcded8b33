import { createHmac, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, like, lt } from 'drizzle-orm';
import { ErrorCode } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { cacheEntries } from '@/db/schema.js';
import { AppError } from './errors.js';
import { message } from './messages.js';

/**
 * Proof of work (ALTCHA) in place of lock-outs: past a person's pace, an anonymous caller solves
 * a challenge (about a second in a phone's workers) and sends the call again with the solution.
 * A person hardly notices; a script sending thousands pays for each.
 *
 * Challenges are signed and carry their expiry, so the server keeps nothing until one is used;
 * each solution is then remembered in `cache_entries` until its challenge expires, so it passes
 * one call only. The server picks the answer when it makes the challenge (ALTCHA's deterministic
 * mode), so checking a solution is two HMACs, never the work itself.
 */
export const PROOF_OF_WORK_HEADER = 'X-Altcha';
export const CHALLENGE_PATH = '/api/app/altcha/challenge';

const ALGORITHM = 'PBKDF2/SHA-256';
const VALID_SECONDS = 10 * 60;
const USED_PREFIX = 'altcha:used:';

/** What a request's `X-Altcha` header proved: nothing sent, a fresh solution, or a refused one. */
export type ProofOutcome = 'none' | 'proved' | 'invalid' | 'reused';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the call's proof of work came to (set before any limit counts the call). */
    proofOfWork: ProofOutcome;
  }
}

export interface ProofOfWorkOptions {
  /**
   * The largest counter a challenge hides. The counter is drawn evenly from 0 to it, so a solver
   * counting up from 0 tries half of it on average, and starting anywhere else gains nothing.
   */
  difficulty: number;
  /** PBKDF2 rounds per try. */
  cost: number;
}

export class ProofOfWork {
  private readonly signatureSecret: string;
  private readonly keySecret: string;

  constructor(
    secret: string,
    private readonly options: ProofOfWorkOptions,
  ) {
    this.signatureSecret = createHmac('sha256', secret).update('altcha').digest('base64url');
    this.keySecret = createHmac('sha256', secret).update('altcha-key').digest('base64url');
  }

  /**
   * A new challenge: its answer hidden anywhere from 0 to the difficulty, evenly. (Drawn from the
   * upper half only, every answer lay above half the difficulty: a solver starting there paid a
   * third of the cost the others did.)
   */
  challenge(): Promise<Challenge> {
    const { difficulty, cost } = this.options;
    return createChallenge({
      algorithm: ALGORITHM,
      cost,
      counter: randomInt(0, difficulty + 1),
      deriveKey,
      expiresAt: new Date(Date.now() + VALID_SECONDS * 1000),
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /**
   * Checks an `X-Altcha` header (base64 of `{ challenge, solution }`, as the ALTCHA widget sends
   * it) and uses the solution up: a second call with it is 'reused'.
   */
  async redeem(db: Database, header: string | undefined): Promise<ProofOutcome> {
    if (!header) return 'none';
    let payload: { challenge?: Challenge; solution?: Solution };
    try {
      payload = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as typeof payload;
    } catch {
      return 'invalid';
    }
    const { challenge, solution } = payload ?? {};
    if (
      !challenge?.parameters ||
      typeof challenge.signature !== 'string' ||
      challenge.parameters.algorithm !== ALGORITHM ||
      typeof solution?.counter !== 'number' ||
      typeof solution.derivedKey !== 'string'
    ) {
      return 'invalid';
    }
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    }).catch(() => null);
    if (!result?.verified) return 'invalid';
    // The signature is the challenge's own: one use per challenge, whatever counter is sent.
    const expiresAt = new Date((challenge.parameters.expiresAt ?? 0) * 1000);
    const used = await db
      .insert(cacheEntries)
      .values({ key: `${USED_PREFIX}${challenge.signature}`, value: '1', expiresAt })
      .onConflictDoNothing()
      .returning({ key: cacheEntries.key });
    return used.length === 1 ? 'proved' : 'reused';
  }

  /** Forgets used solutions whose challenges have expired; any process may call it. */
  async sweep(db: Database): Promise<void> {
    await db
      .delete(cacheEntries)
      .where(
        and(like(cacheEntries.key, `${USED_PREFIX}%`), lt(cacheEntries.expiresAt, new Date())),
      );
  }
}

/** The answer that asks for a proof of work: 428, with where to get a challenge. */
export function proofOfWorkRequired(request: FastifyRequest): AppError {
  return new AppError(
    428,
    ErrorCode.ProofOfWorkRequired,
    message(request, 'ProofOfWorkRequired'),
    undefined,
    {
      proofOfWork: 'altcha',
      challenge: CHALLENGE_PATH,
      header: PROOF_OF_WORK_HEADER,
      // A solution sent with this call that did not count (already used, or not a solution).
      ...(request.proofOfWork === 'reused' || request.proofOfWork === 'invalid'
        ? { refused: request.proofOfWork }
        : {}),
    },
  );
}
