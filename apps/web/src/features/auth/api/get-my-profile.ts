import type { UserProfile } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export function getMyProfile() {
  return api.get<UserProfile>('/app/account/my-profile', { silent: true });
}
