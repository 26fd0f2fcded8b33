import { useTranslation } from 'react-i18next';
import type { RoleMatrixRole } from '@snowgear/contracts';
import { roleLabel } from '@/features/auth';

/**
 * One role at a time on a phone: every role as a large button, the chosen one pressed, each with
 * how many of the permissions it holds.
 */
export function RolePicker({
  roles,
  total,
  value,
  onChange,
}: {
  roles: RoleMatrixRole[];
  total: number;
  value: string;
  onChange: (role: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="roles-picker" role="group" aria-label={t('rolesAdmin.chooseRole')}>
      {roles.map((role) => {
        const chosen = role.name === value;
        const name = roleLabel(t, role.name) || role.displayName;
        const count = t('rolesAdmin.permissionCount', { on: role.permissions.length, total });
        return (
          <button
            key={role.name}
            type="button"
            className={`roles-picker__role${chosen ? ' is-chosen' : ''}`}
            aria-pressed={chosen}
            aria-label={t('rolesAdmin.roleOption', { name, count })}
            onClick={() => onChange(role.name)}
          >
            <span className="roles-picker__name">{name}</span>
            <span className="roles-picker__count" aria-hidden>
              {count}
            </span>
          </button>
        );
      })}
    </div>
  );
}
