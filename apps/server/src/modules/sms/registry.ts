import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '@/config/env.js';
import type { SmsProvider } from './provider.js';
import { AliyunSmsProvider } from './providers/aliyun.js';
import { SandboxSmsProvider } from './providers/sandbox.js';
import { TencentSmsProvider } from './providers/tencent.js';

/** Whether a real SMS provider is configured (it wins over the sandbox). */
export function smsProviderConfigured(settings: Settings): boolean {
  return !!(settings.ALIYUN_SMS_ACCESS_KEY_ID || settings.TENCENT_SMS_SECRET_ID);
}

/**
 * The SMS provider the settings choose: Aliyun SMS or Tencent Cloud SMS when configured (the
 * settings allow one at most, complete), else the sandbox when allowed, else none (phone sign-in
 * then answers that SMS is not set up).
 */
export function createSmsProvider(
  settings: Settings,
  log: Pick<FastifyBaseLogger, 'warn'>,
): SmsProvider | null {
  if (settings.ALIYUN_SMS_ACCESS_KEY_ID) {
    return new AliyunSmsProvider({
      accessKeyId: settings.ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: settings.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName: settings.ALIYUN_SMS_SIGN_NAME ?? '',
      templateCode: settings.ALIYUN_SMS_TEMPLATE_CODE ?? '',
      internationalTemplateCode: settings.ALIYUN_SMS_INTERNATIONAL_TEMPLATE_CODE,
      codeVariable: settings.ALIYUN_SMS_CODE_VARIABLE,
      minutesVariable: settings.ALIYUN_SMS_MINUTES_VARIABLE,
      endpoint: settings.ALIYUN_SMS_ENDPOINT,
    });
  }
  if (settings.TENCENT_SMS_SECRET_ID) {
    return new TencentSmsProvider({
      secretId: settings.TENCENT_SMS_SECRET_ID,
      secretKey: settings.TENCENT_SMS_SECRET_KEY ?? '',
      sdkAppId: settings.TENCENT_SMS_SDK_APP_ID ?? '',
      signName: settings.TENCENT_SMS_SIGN_NAME ?? '',
      templateId: settings.TENCENT_SMS_TEMPLATE_ID ?? '',
      internationalTemplateId: settings.TENCENT_SMS_INTERNATIONAL_TEMPLATE_ID,
      internationalSignName: settings.TENCENT_SMS_INTERNATIONAL_SIGN_NAME,
      templateWithMinutes: settings.TENCENT_SMS_TEMPLATE_WITH_MINUTES,
      region: settings.TENCENT_SMS_REGION,
      endpoint: settings.TENCENT_SMS_ENDPOINT,
    });
  }
  return settings.SMS_SANDBOX ? new SandboxSmsProvider(log) : null;
}
