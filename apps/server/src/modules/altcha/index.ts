import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '@/lib/access.js';
import { CHALLENGE_PATH, type ProofOfWork } from '@/lib/proof-of-work.js';
import { perAddressLimit } from '@/plugins/security.js';

// Loose: the signature covers every parameter, so none may be dropped on the way out.
const ChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});

/** The proof-of-work challenge a caller asked for one solves before sending its call again. */
export async function altchaRoutes(
  app: FastifyInstance,
  { proofOfWork }: { proofOfWork: ProofOfWork },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CHALLENGE_PATH,
    {
      config: {
        access: PUBLIC,
        // Asked for precisely when the API limits are passed, so it never asks for a proof
        // itself: a plain cap per address keeps anyone from making the server mint them freely.
        rateLimit: perAddressLimit('altcha-challenge', 600),
      },
      schema: {
        tags: ['account'],
        summary:
          'A proof-of-work challenge (ALTCHA, PBKDF2/SHA-256): solve it and send the refused call again with base64 JSON {challenge, solution} in the X-Altcha header; each solution passes one call, for ten minutes',
        response: { 200: ChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // Its optional parameters (memory, parallelism, data) are absent for PBKDF2.
      return (await proofOfWork.challenge()) as z.infer<typeof ChallengeSchema>;
    },
  );
}
