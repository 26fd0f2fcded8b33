import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button, NoticeBar } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { useTranslation } from 'react-i18next';
import { RoleName, type RoleMatrix, type RoleMatrixRole } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useLeaveGuard } from '@/lib/history';
import { useAppStore } from '@/features/app-state';
import { roleLabel } from '@/features/auth';
import { useRoleMatrix } from '../api/get-role-matrix';
import { useSaveRolePermissions } from '../api/save-role-permissions';
import { PermissionGroups } from '../components/permission-groups';
import { RolePicker } from '../components/role-picker';
import { permissionDiff, permissionLabel } from '../utils/permission-labels';
import { ErrorBlock } from '@/components/error-block';

/**
 * /store/admin/roles: what each role may do, one role at a time. Those who manage staff read it;
 * the super admin changes it, confirming what is added and removed before it is saved.
 */
export default function RolesPage() {
  const { t } = useTranslation();
  const query = useRoleMatrix();
  return (
    <div className="roles-page">
      <PageHeader title={t('rolesAdmin.title')} backTo={Paths.admin} />
      <div className="roles-page__body">
        <p className="roles-page__intro">{t('rolesAdmin.intro')}</p>
        <QueryState query={query} lines={12}>
          {(matrix) =>
            matrix.roles.length === 0 ? (
              <ErrorBlock status="empty" title={t('rolesAdmin.noRoles')} description="" />
            ) : (
              <RoleEditor matrix={matrix} />
            )
          }
        </QueryState>
      </div>
    </div>
  );
}

/** The first role that can change, else the first: what the page opens on. */
function defaultRole(roles: RoleMatrixRole[]): string {
  return (roles.find((r) => r.editable) ?? roles[0])!.name;
}

function RoleEditor({ matrix }: { matrix: RoleMatrix }) {
  const { t } = useTranslation();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('role');
  const role =
    matrix.roles.find((r) => r.name === asked) ??
    matrix.roles.find((r) => r.name === defaultRole(matrix.roles))!;
  const total = useMemo(
    () => matrix.groups.reduce((n, g) => n + g.permissions.length, 0),
    [matrix.groups],
  );
  // The switches as changed but not saved, for the role they were changed on.
  const [draft, setDraft] = useState<{ role: string; permissions: string[] } | null>(null);
  const held = draft?.role === role.name ? draft.permissions : role.permissions;
  const { added, removed } = permissionDiff(role.permissions, held);
  const dirty = added.length + removed.length > 0;
  const readOnly = !matrix.canEdit || !role.editable;
  const save = useSaveRolePermissions();
  const [saveError, setSaveError] = useState<string | null>(null);
  const name = roleLabel(t, role.name) || role.displayName;

  // Leaving (another role, another page) with changes not saved asks first.
  const location = useLocation();
  useLeaveGuard(dirty, async (to) => {
    if (to.pathname === location.pathname && to.search === location.search) return true;
    const leave = await Dialog.confirm({
      content: t('rolesAdmin.leaveUnsaved', { role: name }),
      confirmText: t('rolesAdmin.leave'),
      cancelText: t('rolesAdmin.stay'),
    });
    if (leave) setDraft(null);
    return leave;
  });

  const handleToggle = (permission: string) => {
    setSaveError(null);
    const next = held.includes(permission)
      ? held.filter((p) => p !== permission)
      : [...held, permission];
    // Kept in the matrix's order, as the server stores and answers it.
    const order = matrix.groups.flatMap((g) => g.permissions);
    setDraft({
      role: role.name,
      permissions: order.filter((p) => next.includes(p)),
    });
  };

  const handleSave = async () => {
    const names = (list: string[]) =>
      list.map((p) => permissionLabel(t, p)).join(t('rolesAdmin.separator'));
    const ok = await Dialog.confirm({
      title: t('rolesAdmin.confirmTitle', { role: name }),
      content: (
        <div className="roles-confirm">
          {added.length > 0 && (
            <p className="roles-confirm__added">
              {t('rolesAdmin.confirmAdded', { names: names(added) })}
            </p>
          )}
          {removed.length > 0 && (
            <p className="roles-confirm__removed">
              {t('rolesAdmin.confirmRemoved', { names: names(removed) })}
            </p>
          )}
          <p className="roles-confirm__note">{t('rolesAdmin.confirmNote')}</p>
        </div>
      ),
      confirmText: t('rolesAdmin.confirmSave'),
      cancelText: t('app.cancel'),
    });
    if (!ok) return;
    setSaveError(null);
    save.mutate(
      { role: role.name, permissions: held },
      {
        onSuccess: () => {
          setDraft(null);
          showSuccess(t('rolesAdmin.saved', { role: name }));
        },
        onError: (err) => setSaveError(err.message),
      },
    );
  };

  const note = !matrix.canEdit
    ? t('rolesAdmin.readOnlyNote')
    : role.name === RoleName.SuperAdmin
      ? t('rolesAdmin.superAdminNote')
      : role.name === RoleName.Customer
        ? t('rolesAdmin.customerNote')
        : null;

  return (
    <>
      <RolePicker
        roles={matrix.roles}
        total={total}
        value={role.name}
        onChange={(next) => {
          setSaveError(null);
          setSearch({ role: next }, { replace: true });
        }}
      />
      <h2 className="roles-page__role" aria-live="polite">
        {name}
        <span className="roles-page__role-count">
          {t('rolesAdmin.permissionCount', { on: held.length, total })}
        </span>
      </h2>
      {note && (
        <NoticeBar
          className="roles-page__note"
          content={note}
          color={readOnly ? 'default' : 'info'}
          wrap
        />
      )}
      <PermissionGroups
        groups={matrix.groups}
        held={held}
        saved={role.permissions}
        readOnly={readOnly}
        onToggle={handleToggle}
      />
      {!readOnly && (
        <div className="roles-savebar no-print">
          <p className="roles-savebar__status" role="status">
            {dirty ? t('rolesAdmin.unsaved', { count: added.length + removed.length }) : ''}
          </p>
          {saveError && (
            <p className="roles-savebar__error" role="alert">
              {saveError}
            </p>
          )}
          <div className="roles-savebar__actions">
            <Button
              block
              disabled={!dirty || save.isPending}
              onClick={() => {
                setDraft(null);
                setSaveError(null);
              }}
            >
              {t('rolesAdmin.discard')}
            </Button>
            <Button
              block
              color="primary"
              disabled={!dirty}
              loading={save.isPending}
              onClick={() => void handleSave()}
            >
              {t('rolesAdmin.save')}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
