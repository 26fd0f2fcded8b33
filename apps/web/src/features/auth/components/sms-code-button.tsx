import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type SmsCodeSent } from '@snowgear/contracts';
import { ApiError } from '@/lib/api-errors';
import { sendSmsCode } from '../api/send-sms-code';

interface Props {
  /** The number to text, once it is valid (null: the phone field shows why not). */
  phoneNumber?: () => Promise<string | null>;
  /** Asks for the code another way (a staff account's second factor, to its phone on file). */
  send?: () => Promise<SmsCodeSent>;
  onSent: (sent: SmsCodeSent) => void;
  onError: (message: string) => void;
}

/** 'Get code', then a countdown until another may be asked for (the server's wait, not a guess). */
export function SmsCodeButton({ phoneNumber, send, onSent, onError }: Props) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const handleSend = async () => {
    let request = send;
    if (!request) {
      const number = phoneNumber ? await phoneNumber() : null;
      if (!number) return;
      request = () => sendSmsCode(number);
    }
    setSending(true);
    try {
      const sent = await request();
      setWait(sent.resendAfterSeconds);
      onSent(sent);
    } catch (err) {
      if (err instanceof ApiError) {
        const retry = err.data?.retryAfterSeconds;
        if (err.code === ErrorCode.SmsTooSoon && typeof retry === 'number') setWait(retry);
        onError(err.code === ErrorCode.SmsSendFailed ? t('auth.smsSendFailed') : err.message);
      } else {
        onError(t('auth.smsSendFailed'));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      className="sms-code-button"
      color="primary"
      fill="outline"
      disabled={wait > 0}
      loading={sending}
      onClick={() => void handleSend()}
    >
      {wait > 0 ? t('auth.smsResendIn', { seconds: wait }) : t('auth.smsSend')}
    </Button>
  );
}
