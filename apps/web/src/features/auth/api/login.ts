import type { LoginInput } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/app/account/login` (the raw body: field names may be capitalised). */
export function loginRequest(input: LoginInput) {
  return api.post<unknown>('/app/account/login', input, { silent: true });
}
