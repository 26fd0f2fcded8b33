import { api } from '@/lib/api-client';

export function logoutRequest(refreshToken: string | null) {
  return api.post<void>('/app/account/logout', refreshToken ? { refreshToken } : {}, {
    silent: true,
    skipAuthRedirect: true,
  });
}
