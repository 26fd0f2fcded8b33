import { useState } from 'react';
import { Button, Form, Input } from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/features/app-state';
import { useChangePassword } from '../api/change-password';
import { FormError } from '@/components/form-error';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The password rules of docs/permissions.md, checked before the server checks them again. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 6 || password.length > 128) problems.push('length');
  if (!/\d/.test(password)) problems.push('digit');
  if (!/[a-z]/.test(password)) problems.push('lower');
  if (!/[A-Z]/.test(password)) problems.push('upper');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('symbol');
  return problems;
}

/** For an account with a password (the profile offers it to no other; the server refuses them). */
export function ChangePasswordPopup({
  visible,
  onClose,
}: {
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const mutation = useChangePassword();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [error, setError] = useState<string | null>(null);

  const handleFinish = (values: Values) => {
    setError(null);
    mutation.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          showSuccess(t('profile.passwordChanged'));
          form.resetFields();
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Popup
      showCloseButton
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet"
      destroyOnClose
    >
      <h2 className="sheet__title">{t('profile.changePassword')}</h2>
      <Form
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        footer={
          <>
            <FormError message={error} />
            <div className="sheet__actions">
              <Button block onClick={onClose}>
                {t('profile.cancel')}
              </Button>
              <Button block type="submit" color="primary" loading={mutation.isPending}>
                {t('profile.save')}
              </Button>
            </div>
          </>
        }
      >
        <Form.Item
          name="currentPassword"
          label={t('profile.currentPassword')}
          rules={[{ required: true, message: t('auth.passwordRequired') }]}
        >
          <Input
            type="password"
            autoComplete="current-password"
            placeholder={t('profile.currentPasswordPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('profile.newPassword')}
          description={t('profile.passwordRules')}
          rules={[
            { required: true, message: t('auth.passwordRequired') },
            {
              validator: async (_, value: string | undefined) => {
                if (value && passwordProblems(value).length > 0)
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
        <Form.Item
          name="confirmPassword"
          label={t('profile.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('auth.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword'))
                  throw new Error(t('profile.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={t('profile.confirmPasswordPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Popup>
  );
}
