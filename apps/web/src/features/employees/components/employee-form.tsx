import { useState } from 'react';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import { normaliseMobileNumber, type Employee, type RoleName } from '@snowgear/contracts';
import { roleLabel, passwordProblems } from '@/features/auth';
import { FormError } from '@/components/form-error';
import { useAppStore } from '@/features/app-state';
import { useConfigStore } from '@/features/system-config';
import { textRule } from '@/lib/text-rules';
import { useAssignableRoles } from '../api/get-assignable-roles';
import { useSaveEmployee } from '../api/save-employee';

interface Values {
  userName: string;
  password: string;
  name: string;
  phoneNumber: string;
  email: string;
  roles: RoleName[];
  primaryStoreId: string[];
}

const NO_STORE = '';

/** Add or edit a person: roles and store limited to what the signed-in manager may assign. */
export function EmployeeForm({
  employee,
  onClose,
}: {
  employee: Employee | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const assignable = useAssignableRoles();
  const storeConfigs = useConfigStore((s) => s.config?.storeConfigs);
  const stores = Object.values(storeConfigs ?? {});
  const save = useSaveEmployee();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [error, setError] = useState<string | null>(null);
  const isNew = employee === 'new';
  const existing = employee && employee !== 'new' ? employee : null;
  const fixedStore = assignable.data?.storeId ?? null;
  const storeOptions = [
    ...(fixedStore ? [] : [{ label: t('employees.noStore'), value: NO_STORE }]),
    ...stores
      .filter((s) => !fixedStore || s.storeId === fixedStore)
      .map((s) => ({ label: s.storeName, value: s.storeId })),
  ];

  const handleFinish = (values: Values) => {
    setError(null);
    const common = {
      name: values.name.trim(),
      phoneNumber: values.phoneNumber?.trim() || null,
      email: values.email?.trim() || null,
      roles: values.roles,
      primaryStoreId: values.primaryStoreId[0] || null,
    };
    save.mutate(
      isNew
        ? { input: { ...common, userName: values.userName.trim(), password: values.password } }
        : { id: existing!.id, input: common },
      {
        onSuccess: () => {
          showSuccess(t('employees.saved'));
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Popup
      showCloseButton
      visible={employee !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet"
      destroyOnClose
    >
      <h2 className="sheet__title">{isNew ? t('employees.add') : t('employees.edit')}</h2>
      <Form
        layout="horizontal"
        initialValues={{
          userName: '',
          password: '',
          name: existing?.name ?? '',
          phoneNumber: existing?.phoneNumber ?? '',
          email: existing?.email ?? '',
          roles: (existing?.roles ?? []) as RoleName[],
          primaryStoreId: [existing?.primaryStoreId ?? fixedStore ?? NO_STORE],
        }}
        onFinish={handleFinish}
        footer={
          <>
            <FormError message={error} />
            <div className="sheet__actions">
              <Button block onClick={onClose}>
                {t('profile.cancel')}
              </Button>
              <Button block type="submit" color="primary" loading={save.isPending}>
                {t('profile.save')}
              </Button>
            </div>
          </>
        }
      >
        {isNew && (
          <Form.Item
            name="userName"
            label={t('employees.userName')}
            rules={[
              { required: true, whitespace: true, message: t('employees.userNameRequired') },
              { pattern: /^[A-Za-z0-9._@-]{2,64}$/, message: t('employees.userNamePlaceholder') },
            ]}
          >
            <Input placeholder={t('employees.userNamePlaceholder')} autoComplete="off" />
          </Form.Item>
        )}
        {isNew && (
          <Form.Item
            name="password"
            label={t('employees.initialPassword')}
            description={t('profile.passwordRules')}
            rules={[
              { required: true, message: t('auth.passwordRequired') },
              {
                validator: async (_, v: string | undefined) => {
                  if (v && passwordProblems(v).length > 0)
                    throw new Error(t('profile.passwordRules'));
                },
              },
            ]}
          >
            <Input
              type="password"
              autoComplete="new-password"
              placeholder={t('profile.newPasswordPlaceholder')}
            />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('employees.name')}
          rules={[
            { required: true, whitespace: true, message: t('employees.nameRequired') },
            textRule(t),
          ]}
        >
          <Input placeholder={t('employees.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="phoneNumber"
          label={t('employees.phoneNumber')}
          rules={[
            {
              // Mainland as 11 digits, or any country with its '+' code (as the server takes).
              validator: (_: unknown, value: string | undefined) =>
                !value?.trim() || normaliseMobileNumber(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('auth.phoneInvalid'))),
            },
          ]}
        >
          <Input
            type="tel"
            inputMode="tel"
            maxLength={24}
            placeholder={t('auth.phoneNumberPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('employees.email')}
          rules={[{ type: 'email', message: t('employees.emailInvalid') }]}
        >
          <Input type="email" inputMode="email" />
        </Form.Item>
        <Form.Item
          name="roles"
          label={t('employees.roles')}
          layout="vertical"
          rules={[{ required: true, type: 'array', min: 1, message: t('employees.rolesRequired') }]}
        >
          <Selector
            multiple
            options={(assignable.data?.roles ?? []).map((r) => ({
              label: roleLabel(t, r.name),
              value: r.name as RoleName,
            }))}
          />
        </Form.Item>
        <Form.Item name="primaryStoreId" label={t('employees.store')} layout="vertical">
          <Selector options={storeOptions} />
        </Form.Item>
      </Form>
    </Popup>
  );
}
