/**
 * One interface for every SMS provider (Aliyun SMS, Tencent Cloud SMS, the sandbox), as payments
 * have: the verification-code service never knows which one it talks to.
 */
export type SmsProviderName = 'sandbox' | 'aliyun' | 'tencent';

export interface VerificationCodeMessage {
  /**
   * A mainland mobile as 11 digits (no country code: the domestic route and template), or any
   * other country's in E.164 with its '+' (the international route and template).
   */
  phoneNumber: string;
  /** The code to text (6 digits). */
  code: string;
  /** How long the code stays valid, for templates that say so. */
  validMinutes: number;
}

/**
 * Any other approved template (the order reminders): its id and its variables, in the template's
 * order. Aliyun fills the variables by name (`${order}`), Tencent by position (`{1}`, `{2}` …).
 */
export interface TemplatedMessage {
  /** Mainland mobile number, 11 digits (no country code). */
  phoneNumber: string;
  /** The approved template: Aliyun's TemplateCode (SMS_…), Tencent's TemplateId. */
  templateId: string;
  params: readonly { name: string; value: string }[];
}

export interface SmsSendResult {
  /** The provider's id for the message (BizId, SerialNo …), for the log. */
  providerMessageId?: string | undefined;
}

export interface SmsProvider {
  readonly name: SmsProviderName;
  /** Whether codes can go to numbers outside the mainland (an international template is set). */
  readonly sendsInternational: boolean;
  /** Texts a verification code; rejects with SmsProviderError when the provider refuses it. */
  sendVerificationCode(message: VerificationCodeMessage): Promise<SmsSendResult>;
  /** Texts another approved template; rejects with SmsProviderError as above. */
  sendTemplated(message: TemplatedMessage): Promise<SmsSendResult>;
}

/** The provider refused or could not be reached; `code` is the provider's own error code. */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
}
