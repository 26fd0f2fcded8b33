import { RoleName } from '@snowgear/contracts';
import type { TFunction } from 'i18next';

/** A role's name in the current language (unknown roles as they are). */
export function roleLabel(t: TFunction, role: string | null | undefined): string {
  if (!role) return '';
  return (Object.values(RoleName) as string[]).includes(role)
    ? t(`roles.${role as RoleName}`)
    : role;
}
