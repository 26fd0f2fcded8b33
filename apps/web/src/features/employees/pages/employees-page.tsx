import { useState } from 'react';
import { Button, Form, Input, List, SearchBar, Tag } from 'antd-mobile';
import { ActionSheet } from '@/components/antd/action-sheet';
import { Dialog } from '@/components/antd/dialog';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list';
import { roleLabel, passwordProblems, useSession } from '@/features/auth';
import { useAppStore } from '@/features/app-state';
import { useEmployees } from '../api/list-employees';
import { useResetEmployeePassword, useSetEmployeeActive } from '../api/employee-actions';
import { EmployeeForm } from '../components/employee-form';
import { storeTimeText } from '@/lib/store-time';

/** Employees of the manager's store (every user for a SuperAdmin). */
export default function EmployeesPage() {
  const { t, i18n } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const query = useEmployees(keyword);
  const me = useSession((s) => s.user?.id);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const setActive = useSetEmployeeActive();
  const resetPassword = useResetEmployeePassword();
  const [editing, setEditing] = useState<Employee | 'new' | null>(null);
  const [acting, setActing] = useState<Employee | null>(null);

  const handleToggleActive = async (employee: Employee) => {
    const active = !employee.isActive;
    const ok = await Dialog.confirm({
      content: t(active ? 'employees.activateConfirm' : 'employees.deactivateConfirm', {
        name: employee.name || employee.userName,
      }),
      confirmText: active ? t('employees.activate') : t('employees.deactivate'),
      cancelText: t('profile.cancel'),
    });
    if (!ok) return;
    setActive.mutate(
      { id: employee.id, active },
      {
        onSuccess: () =>
          showSuccess(active ? t('employees.activated') : t('employees.deactivated')),
        onError: (err) => showError(err.message),
      },
    );
  };

  const handleResetPassword = (employee: Employee) => {
    let password = '';
    void Dialog.confirm({
      title: t('employees.resetPasswordTitle', { name: employee.name || employee.userName }),
      content: (
        <Form layout="vertical">
          <Form.Item description={t('profile.passwordRules')}>
            <Input
              type="password"
              autoComplete="new-password"
              aria-label={t('profile.newPassword')}
              onChange={(v) => (password = v)}
            />
          </Form.Item>
        </Form>
      ),
      confirmText: t('employees.resetPassword'),
      cancelText: t('profile.cancel'),
      onConfirm: async () => {
        if (passwordProblems(password).length > 0) {
          showError(t('profile.passwordRules'));
          throw new Error('invalid password'); // keeps the dialog open
        }
        await resetPassword
          .mutateAsync({ id: employee.id, newPassword: password })
          .catch((err: Error) => {
            showError(err.message);
            throw err;
          });
        showSuccess(t('employees.passwordReset'));
      },
    });
  };

  return (
    <div className="employees-page">
      <PageHeader
        title={t('employees.title')}
        backTo={Paths.storeProfile}
        right={
          <Button
            size="small"
            color="primary"
            fill="none"
            onClick={() => setEditing('new')}
            aria-label={t('employees.add')}
          >
            <AddOutline /> {t('employees.add')}
          </Button>
        }
      />
      <div className="help-search-bar">
        <SearchBar
          placeholder={t('employees.search')}
          aria-label={t('employees.search')}
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
        />
      </div>
      <PagedList query={query} emptyText={t('employees.empty')}>
        {(items) => (
          <List>
            {items.map((e) => (
              <List.Item
                key={e.id}
                onClick={() => setActing(e)}
                arrowIcon
                description={
                  <>
                    <span>
                      {e.userName}
                      {e.phoneNumber ? ` · ${e.phoneNumber}` : ''}
                      {e.storeName ? ` · ${e.storeName}` : ''}
                    </span>
                    <br />
                    <span>
                      {e.lastLoginTime
                        ? t('employees.lastLogin', {
                            time: storeTimeText(e.lastLoginTime, i18n.language),
                          })
                        : t('employees.neverLoggedIn')}
                    </span>
                  </>
                }
                extra={!e.isActive && <Tag color="danger">{t('employees.inactive')}</Tag>}
              >
                <span className="employee-name">{e.name || e.userName}</span>{' '}
                {e.roles.map((r) => (
                  <Tag key={r} color="primary" fill="outline" className="employee-role">
                    {roleLabel(t, r)}
                  </Tag>
                ))}
              </List.Item>
            ))}
          </List>
        )}
      </PagedList>
      <ActionSheet
        visible={acting !== null}
        onClose={() => setActing(null)}
        cancelText={t('profile.cancel')}
        extra={acting ? acting.name || acting.userName : undefined}
        actions={
          acting
            ? [
                { key: 'edit', text: t('employees.edit') },
                { key: 'password', text: t('employees.resetPassword') },
                ...(acting.id === me
                  ? []
                  : [
                      {
                        key: 'active',
                        text: acting.isActive ? t('employees.deactivate') : t('employees.activate'),
                        danger: acting.isActive,
                      },
                    ]),
              ]
            : []
        }
        onAction={(action) => {
          const e = acting!;
          setActing(null);
          if (action.key === 'edit') setEditing(e);
          if (action.key === 'password') handleResetPassword(e);
          if (action.key === 'active') void handleToggleActive(e);
        }}
      />
      <EmployeeForm employee={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
