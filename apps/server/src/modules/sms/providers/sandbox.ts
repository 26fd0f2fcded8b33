import type { FastifyBaseLogger } from 'fastify';
import type {
  SmsProvider,
  SmsSendResult,
  TemplatedMessage,
  VerificationCodeMessage,
} from '../provider.js';

/**
 * The embedded stand-in for a real SMS provider: nothing is texted. The code goes to the server
 * log, and the send-code call hands it back so the sign-in page can show it in its sandbox tag.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox' as const;
  /** Any country: nothing is texted. */
  readonly sendsInternational = true;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn'>) {}

  sendVerificationCode(message: VerificationCodeMessage): Promise<SmsSendResult> {
    this.log.warn(
      { phoneNumber: message.phoneNumber, code: message.code },
      'sandbox SMS: verification code (not texted)',
    );
    return Promise.resolve({});
  }

  sendTemplated(message: TemplatedMessage): Promise<SmsSendResult> {
    this.log.warn(
      { phoneNumber: message.phoneNumber, templateId: message.templateId, params: message.params },
      'sandbox SMS: templated message (not texted)',
    );
    return Promise.resolve({});
  }
}
