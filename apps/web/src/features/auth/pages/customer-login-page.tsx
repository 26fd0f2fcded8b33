import { HeaderExtra } from '@/components/page-header';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Avatar, Button, Divider, Form, Input, NoticeBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PHONE_COUNTRY,
  ErrorCode,
  normaliseMobileNumber,
  isRealName,
  SMS_CODE_PATTERN,
  type CountryCode,
  type WeChatUserInfo,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ApiError } from '@/lib/api-errors';
import { homeOf, safeRedirect } from '@/lib/authorization';
import { useAppStore } from '@/features/app-state';
import { useSmsSettings, useWeChatLoginEnabled } from '../api/get-application-configuration';
import { FormError } from '@/components/form-error';
import { PhoneNumberInput } from '../components/phone-number-input';
import { SmsCodeButton } from '../components/sms-code-button';
import {
  loginWithPhone,
  loginWithWeChat,
  sessionSnapshot,
  WeChatNotBoundError,
} from '../stores/session-store';
import { countryName } from '../utils/phone-countries';
import { readWeChatReturn, startWeChatAuth, withoutWeChatParams } from '../utils/wechat-oauth';

interface Values {
  phoneNumber: string;
  realName: string;
  code: string;
}

/** Server answers that belong next to one field rather than under the form. */
const FIELD_OF_ERROR: Partial<Record<string, keyof Values>> = {
  [ErrorCode.SmsCodeWrong]: 'code',
  [ErrorCode.SmsCodeExpired]: 'code',
  [ErrorCode.RealNameMismatch]: 'realName',
  [ErrorCode.SmsInternationalUnavailable]: 'phoneNumber',
};

/**
 * Customer sign-in: phone with its SMS code and the real name; WeChat inside WeChat, with
 * binding when needed. In the embedded demo the code comes from the sandbox and is shown here.
 */
export default function CustomerLoginPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [country, setCountry] = useState<CountryCode>(DEFAULT_PHONE_COUNTRY);
  const sms = useSmsSettings();
  const [sandboxCode, setSandboxCode] = useState<string | null>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isWeChat = useAppStore((s) => s.isWeChat);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const weChatEnabled = useWeChatLoginEnabled();
  const [submitting, setSubmitting] = useState(false);
  const [weChatBusy, setWeChatBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [binding, setBinding] = useState<{ openId: string; info: WeChatUserInfo } | null>(null);
  const handled = useRef(false);
  const redirect = safeRedirect(params.get('redirect'));
  const done = () => void navigate(redirect ?? homeOf(sessionSnapshot()), { replace: true });

  // Back from WeChat with a code: sign in, or ask to bind.
  useEffect(() => {
    if (handled.current) return;
    const back = readWeChatReturn(params);
    if (!back) return;
    handled.current = true;
    void navigate(withoutWeChatParams(params), { replace: true });
    void (async () => {
      await Promise.resolve();
      if ('stateMismatch' in back) {
        setError(t('auth.weChatStateMismatch'));
        return;
      }
      setWeChatBusy(true);
      try {
        await loginWithWeChat(back.code, back.state);
        showSuccess(t('auth.loginSuccess'));
        done();
      } catch (err) {
        if (err instanceof WeChatNotBoundError) {
          setBinding({ openId: err.openId, info: err.weChatUserInfo });
          setError(null);
        } else {
          setError(err instanceof Error && err.message ? err.message : t('auth.weChatLoginFailed'));
        }
      } finally {
        setWeChatBusy(false);
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the URL WeChat returned to
  }, []);

  const handleFinish = async (values: Values) => {
    setSubmitting(true);
    setError(null);
    try {
      await loginWithPhone({
        phoneNumber: normaliseMobileNumber(values.phoneNumber, country) ?? values.phoneNumber,
        realName: values.realName.trim(),
        code: values.code.trim(),
        weChatOpenId: binding?.openId ?? null,
      });
      showSuccess(binding ? t('auth.weChatBindSuccess') : t('auth.loginSuccess'));
      done();
    } catch (err) {
      const field = err instanceof ApiError && err.code ? FIELD_OF_ERROR[err.code] : undefined;
      if (field && err instanceof Error) {
        form.setFields([{ name: field, errors: [err.message] }]);
        return;
      }
      setError(
        err instanceof Error
          ? err.message
          : binding
            ? t('auth.weChatBindFailed')
            : t('auth.loginFailed'),
      );
    } finally {
      setSubmitting(false);
    }
  };

  const validPhoneNumber = async () => {
    try {
      const { phoneNumber } = await form.validateFields(['phoneNumber']);
      return normaliseMobileNumber(phoneNumber, country);
    } catch {
      return null;
    }
  };

  // The number is checked for the country chosen beside it, and again when that changes.
  const handleCountryChange = (next: CountryCode) => {
    setCountry(next);
    // After the render that gives the rule the new country (a paste sets the digits too).
    setTimeout(() => {
      if (form.getFieldValue('phoneNumber')) {
        form.validateFields(['phoneNumber']).catch(() => undefined);
      }
    });
  };
  const phoneRule = {
    validator: (_: unknown, value: string | undefined) => {
      if (!value?.trim() || normaliseMobileNumber(value, country)) return Promise.resolve();
      return Promise.reject(
        new Error(
          /^\s*(\+|00)/.test(value)
            ? t('auth.phoneInvalid')
            : country === 'CN'
              ? t('auth.phoneInvalidMainland')
              : t('auth.phoneInvalidFor', { country: countryName(country, i18n.language) }),
        ),
      );
    },
  };
  const realNameRule = {
    validator: (_: unknown, value: string | undefined) =>
      !value?.trim() || isRealName(value)
        ? Promise.resolve()
        : Promise.reject(new Error(t('auth.realNameInvalid'))),
  };

  const handleWeChat = async () => {
    setWeChatBusy(true);
    setError(null);
    try {
      await startWeChatAuth(
        `${Paths.customerLogin}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : t('auth.weChatLoginFailed'));
      setWeChatBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <header className="auth-page__hero">
        <div className="auth-page__language">
          <HeaderExtra />
        </div>
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <h1>{binding ? t('auth.weChatBindTitle') : t('auth.customerLoginTitle')}</h1>
        <p className="auth-page__sub">
          {binding ? t('auth.weChatBindTip') : t('auth.customerLoginSubtitle')}
        </p>
      </header>
      {binding && (
        <div className="wechat-binding">
          <NoticeBar content={t('auth.weChatNotBound')} color="info" />
          <div className="wechat-binding__who">
            <Avatar src={binding.info.headImgUrl} style={{ '--size': '40px' }} />
            <span>{binding.info.nickName || binding.openId}</span>
          </div>
        </div>
      )}
      {weChatBusy && !binding && (
        <p className="auth-page__sub" role="status">
          {t('auth.weChatLoggingIn')}
        </p>
      )}
      {!sms.loading && !sms.enabled && (
        <NoticeBar content={t('auth.smsUnavailable')} color="alert" wrap />
      )}
      <Form
        form={form}
        layout="vertical"
        disabled={!sms.loading && !sms.enabled}
        initialValues={{ phoneNumber: '', realName: '', code: '' }}
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
              {binding ? t('auth.bindAndLogin') : t('auth.login')}
            </Button>
          </>
        }
      >
        <Form.Item
          name="phoneNumber"
          label={t('auth.phoneNumber')}
          rules={[{ required: true, message: t('auth.phoneRequired') }, phoneRule]}
        >
          <PhoneNumberInput country={country} onCountryChange={handleCountryChange} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('auth.smsCode')}
          rules={[
            { required: true, message: t('auth.smsCodeRequired') },
            { pattern: SMS_CODE_PATTERN, message: t('auth.smsCodeInvalid') },
          ]}
          extra={
            <SmsCodeButton
              phoneNumber={validPhoneNumber}
              onSent={(sent) => {
                setSandboxCode(sent.sandboxCode);
                form.setFields([{ name: 'code', errors: [] }]);
              }}
              onError={(text) => form.setFields([{ name: 'code', errors: [text] }])}
            />
          }
          description={
            (sandboxCode || sms.sandbox) && (
              <span className="sms-sandbox" role="status">
                <Tag color="warning">{t('auth.smsSandboxTag')}</Tag>{' '}
                {sandboxCode
                  ? t('auth.smsSandboxCode', { code: sandboxCode })
                  : t('auth.smsSandboxHint')}
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
        <Form.Item
          name="realName"
          label={t('auth.realName')}
          description={<span className="auth-page__hint">{t('auth.realNameHelp')}</span>}
          rules={[
            { required: true, whitespace: true, message: t('auth.realNameRequired') },
            realNameRule,
          ]}
        >
          <Input
            autoComplete="name"
            autoCapitalize="words"
            maxLength={60}
            placeholder={t('auth.realNamePlaceholder')}
            clearable
          />
        </Form.Item>
      </Form>
      {isWeChat && weChatEnabled && !binding && (
        <div className="auth-page__wechat">
          <Divider>{t('auth.orUse')}</Divider>
          <Button
            block
            size="large"
            className="wechat-button"
            loading={weChatBusy}
            onClick={() => void handleWeChat()}
          >
            {t('auth.weChatLogin')}
          </Button>
        </div>
      )}
      <p className="auth-page__switch">
        <Link to={Paths.login}>{t('auth.staffLoginLink')}</Link>
      </p>
    </div>
  );
}
