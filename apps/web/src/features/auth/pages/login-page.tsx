import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { homeOf, safeRedirect } from '@/lib/authorization';
import { useAppStore } from '@/features/app-state/stores/app-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { loginWithPassword, sessionSnapshot } from '../stores/session-store';
import { FormError } from '../components/form-error';

interface Values {
  userNameOrEmailAddress: string;
  password: string;
  rememberMe: boolean;
}

/** Staff sign-in: user name or e-mail with password (spec §2 /login). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const systemName = useConfigStore((s) => s.config?.systemInfo.systemName);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [visible, setVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleFinish = async (values: Values) => {
    setSubmitting(true);
    setError(null);
    try {
      await loginWithPassword({
        userNameOrEmailAddress: values.userNameOrEmailAddress.trim(),
        password: values.password,
        rememberMe: values.rememberMe,
      });
      showSuccess(t('auth.loginSuccess'));
      void navigate(safeRedirect(params.get('redirect')) ?? homeOf(sessionSnapshot()), {
        replace: true,
      });
    } catch (err) {
      setError(err instanceof Error ? err.message : t('auth.loginFailed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-page">
      <header className="auth-page__hero">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <h1>{t('auth.staffLoginTitle')}</h1>
        <p>{systemName}</p>
        <p className="auth-page__sub">{t('auth.staffLoginSubtitle')}</p>
      </header>
      <Form
        layout="vertical"
        initialValues={{ userNameOrEmailAddress: '', password: '', rememberMe: false }}
        onFinish={(v: Values) => void handleFinish(v)}
        footer={
          <>
            <FormError message={error} />
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={submitting}
              loadingText={t('auth.loggingIn')}
            >
              {t('auth.login')}
            </Button>
          </>
        }
      >
        <Form.Item
          name="userNameOrEmailAddress"
          label={t('auth.userNameOrEmail')}
          rules={[{ required: true, whitespace: true, message: t('auth.userNameRequired') }]}
        >
          <Input
            placeholder={t('auth.userNameOrEmailPlaceholder')}
            autoComplete="username"
            clearable
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[{ required: true, message: t('auth.passwordRequired') }]}
          extra={
            <button
              type="button"
              className="icon-button"
              aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
            </button>
          }
        >
          <Input
            type={visible ? 'text' : 'password'}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item name="rememberMe" valuePropName="checked">
          <Checkbox>{t('auth.rememberMe')}</Checkbox>
        </Form.Item>
      </Form>
      <p className="auth-page__switch">
        <Link to={Paths.customerLogin}>{t('auth.customerLoginLink')}</Link>
      </p>
    </div>
  );
}
