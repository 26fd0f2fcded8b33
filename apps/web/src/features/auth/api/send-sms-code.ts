import type { SmsCodeSent } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/h5/auth/send-sms-code`: texts a sign-in code (the sandbox hands it back). */
export function sendSmsCode(phoneNumber: string) {
  return api.post<SmsCodeSent>('/h5/auth/send-sms-code', { phoneNumber }, { silent: true });
}

/**
 * `POST /api/app/account/login/send-sms-code`: the second factor of a staff account locked for
 * this device, texted to the account's phone on file (the sandbox hands it back).
 */
export function sendLoginSmsCode(userNameOrEmailAddress: string) {
  return api.post<SmsCodeSent>(
    '/app/account/login/send-sms-code',
    { userNameOrEmailAddress },
    { silent: true },
  );
}
