import { useTranslation } from 'react-i18next';
import type { RoleMatrix } from '@snowgear/contracts';
import { groupLabel } from '../utils/permission-labels';
import { PermissionSwitch } from './permission-switch';

/** A role's permissions, group by group as in spec §6, each a switch. */
export function PermissionGroups({
  groups,
  held,
  saved,
  readOnly,
  onToggle,
}: {
  groups: RoleMatrix['groups'];
  /** What the switches show (the draft). */
  held: readonly string[];
  /** What is stored, to mark rows that differ. */
  saved: readonly string[];
  readOnly: boolean;
  onToggle: (permission: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {groups.map((group) => {
        const titleId = `roles-group-${group.name}`;
        return (
          <section key={group.name} className="roles-group" aria-labelledby={titleId}>
            <h2 id={titleId} className="roles-group__title">
              {groupLabel(t, group.name)}
            </h2>
            <ul className="roles-group__list">
              {group.permissions.map((permission) => {
                const checked = held.includes(permission);
                return (
                  <li key={permission}>
                    <PermissionSwitch
                      permission={permission}
                      checked={checked}
                      readOnly={readOnly}
                      changed={checked !== saved.includes(permission)}
                      onToggle={() => onToggle(permission)}
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </>
  );
}
