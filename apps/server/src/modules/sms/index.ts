import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SendSmsCodeInputSchema, SmsCodeSentSchema } from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import type { SmsCodes } from './codes.js';

export { SmsCodes, SMS_CODE_RULES } from './codes.js';
export { createSmsProvider } from './registry.js';
export { SmsProviderError, type SmsProvider, type TemplatedMessage } from './provider.js';

/** The send-code call behind phone sign-in. */
export async function smsRoutes(app: FastifyInstance, { codes }: { codes: SmsCodes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/h5/auth/send-sms-code',
    {
      // Per number and per address limits live in the service; this only caps bursts.
      config: {
        access: PUBLIC,
        rateLimit: { max: 20, timeWindow: '1 minute' },
        secretAnswer: true,
      },
      schema: {
        tags: ['account'],
        summary:
          'Text a 6-digit sign-in code to a mainland mobile number (valid 5 minutes, 5 tries; one per number a minute, a daily cap per number and per address)',
        body: SendSmsCodeInputSchema,
        response: { 200: SmsCodeSentSchema },
      },
    },
    async (request) => codes.send(app.db, request, request.body.phoneNumber),
  );
}
