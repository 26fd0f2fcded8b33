import type { SmsCodeSent } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/h5/auth/send-sms-code`: texts a sign-in code (the sandbox hands it back). */
export function sendSmsCode(phoneNumber: string) {
  return api.post<SmsCodeSent>('/h5/auth/send-sms-code', { phoneNumber }, { silent: true });
}
