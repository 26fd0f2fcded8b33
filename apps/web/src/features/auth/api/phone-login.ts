import type { PhoneLoginInput } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export function phoneLoginRequest(input: PhoneLoginInput) {
  return api.post<unknown>('/h5/auth/phone-login', input, { silent: true });
}
