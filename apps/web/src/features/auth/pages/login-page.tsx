import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Checkbox, Form, Input, NoticeBar, Tag } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ErrorCode, SMS_CODE_PATTERN } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ApiError } from '@/lib/api-errors';
import { homeOf, safeRedirect } from '@/lib/authorization';
import { useAppStore } from '@/features/app-state';
import { useConfigStore } from '@/features/system-config';
import { sendLoginSmsCode } from '../api/send-sms-code';
import { loginWithPassword, sessionSnapshot } from '../stores/session-store';
import { FormError } from '@/components/form-error';
import { SmsCodeButton } from '../components/sms-code-button';

interface Values {
  userNameOrEmailAddress: string;
  password: string;
  rememberMe: boolean;
  smsCode?: string;
}

/**
 * The account is locked for this device after failed sign-ins elsewhere, and its phone on file
 * may receive a code (the server's LoginLockData): the masked number to show, or null.
 */
function secondFactorOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== ErrorCode.LoginThrottled) return null;
  if (err.data?.secondFactor !== 'sms') return null;
  return typeof err.data.maskedPhone === 'string' ? err.data.maskedPhone : '';
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
  const [form] = Form.useForm<Values>();
  // Locked for this device: the password with a code texted to the account's phone still works.
  const [maskedPhone, setMaskedPhone] = useState<string | null>(null);
  const [sandboxCode, setSandboxCode] = useState<string | null>(null);

  const handleFinish = async (values: Values) => {
    setSubmitting(true);
    setError(null);
    const smsCode = maskedPhone !== null ? values.smsCode?.trim() : undefined;
    try {
      await loginWithPassword({
        userNameOrEmailAddress: values.userNameOrEmailAddress.trim(),
        password: values.password,
        rememberMe: values.rememberMe,
        ...(smsCode ? { smsCode } : {}),
      });
      showSuccess(t('auth.loginSuccess'));
      void navigate(safeRedirect(params.get('redirect')) ?? homeOf(sessionSnapshot()), {
        replace: true,
      });
    } catch (err) {
      const masked = secondFactorOf(err);
      if (masked !== null) {
        setMaskedPhone(masked);
        setError(null);
      } else if (
        err instanceof ApiError &&
        (err.code === ErrorCode.SmsCodeWrong || err.code === ErrorCode.SmsCodeExpired)
      ) {
        form.setFields([{ name: 'smsCode', errors: [err.message] }]);
      } else {
        setError(err instanceof Error ? err.message : t('auth.loginFailed'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const sendCode = () =>
    sendLoginSmsCode(String(form.getFieldValue('userNameOrEmailAddress') ?? '').trim());

  return (
    <div className="auth-page">
      <header className="auth-page__hero">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <h1>{t('auth.staffLoginTitle')}</h1>
        <p>{systemName}</p>
        <p className="auth-page__sub">{t('auth.staffLoginSubtitle')}</p>
      </header>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ userNameOrEmailAddress: '', password: '', rememberMe: false, smsCode: '' }}
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
        {maskedPhone !== null && (
          <>
            <Form.Item>
              <NoticeBar
                color="alert"
                wrap

                content={
                  <>
                    {t('auth.lockedUseSms')}
                    {maskedPhone && (
                      <>
                        <br />
                        {t('auth.lockedSmsTo', { phone: maskedPhone })}
                      </>
                    )}
                  </>
                }
              />
            </Form.Item>
            <Form.Item
              name="smsCode"
              label={t('auth.smsCode')}
              rules={[
                { required: true, message: t('auth.smsCodeRequired') },
                { pattern: SMS_CODE_PATTERN, message: t('auth.smsCodeInvalid') },
              ]}
              extra={
                <SmsCodeButton
                  send={sendCode}
                  onSent={(sent) => {
                    setSandboxCode(sent.sandboxCode);
                    form.setFields([{ name: 'smsCode', errors: [] }]);
                  }}
                  onError={(text) => form.setFields([{ name: 'smsCode', errors: [text] }])}
                />
              }
              description={
                sandboxCode && (
                  <span className="sms-sandbox" role="status">
                    <Tag color="warning">{t('auth.smsSandboxTag')}</Tag>{' '}
                    {t('auth.smsSandboxCode', { code: sandboxCode })}
                  </span>
                )
              }
            >
              <Input
                type="text"
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                placeholder={t('auth.smsCodePlaceholder')}
                clearable
              />
            </Form.Item>
          </>
        )}
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
