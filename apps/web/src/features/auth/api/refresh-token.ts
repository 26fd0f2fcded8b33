import { api } from '@/lib/api-client';

/** Never itself triggers a refresh or a 401 redirect: the session decides what a failure means. */
export function refreshTokenRequest(refreshToken: string) {
  return api.post<unknown>(
    '/app/account/refresh-token',
    { refreshToken },
    { silent: true, skipAuth: true },
  );
}
