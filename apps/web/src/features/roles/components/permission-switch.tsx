import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionDescription, permissionLabel } from '../utils/permission-labels';

/**
 * One permission as a switch the whole row wide (a gloved thumb hits it), with what it lets one
 * do underneath. Read-only rows stay focusable so a screen reader still reads them.
 */
export function PermissionSwitch({
  permission,
  checked,
  readOnly,
  changed,
  onToggle,
}: {
  permission: string;
  checked: boolean;
  readOnly: boolean;
  /** Differs from what is saved. */
  changed: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const descriptionId = useId();
  const description = permissionDescription(t, permission);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={nameId}
      aria-disabled={readOnly || undefined}
      aria-describedby={description ? descriptionId : undefined}
      className={`roles-switch${checked ? ' is-on' : ''}${changed ? ' is-changed' : ''}`}
      onClick={() => {
        if (!readOnly) onToggle();
      }}
    >
      <span className="roles-switch__text">
        <span id={nameId} className="roles-switch__name">
          {permissionLabel(t, permission)}
        </span>
        {description && (
          <span id={descriptionId} className="roles-switch__description">
            {description}
          </span>
        )}
      </span>
      <span className="roles-switch__track" aria-hidden>
        <span className="roles-switch__thumb" />
        <span className="roles-switch__state">
          {checked ? t('rolesAdmin.on') : t('rolesAdmin.off')}
        </span>
      </span>
    </button>
  );
}
