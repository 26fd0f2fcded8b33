import { describe, expect, it, vi } from 'vitest';
import { loadSettings } from '@/config/env.js';
import { startAliyunSmsDouble } from '@/testing/aliyun-sms-double.js';
import { startTencentSmsDouble } from '@/testing/tencent-sms-double.js';
import { createSmsProvider } from './registry.js';

const log = { warn: vi.fn() };
const production = {
  DATABASE_URL: 'postgres://u@h/db',
  APP_SECRET: 'x'.repeat(32),
  PUBLIC_BASE_URL: 'https://rent.example.com',
};

describe('the SMS provider the settings choose', () => {
  it('is the sandbox in the embedded demo, none in production unless the sandbox is asked for', () => {
    expect(createSmsProvider(loadSettings({}), log)?.name).toBe('sandbox');
    expect(createSmsProvider(loadSettings(production), log)).toBeNull();
    expect(createSmsProvider(loadSettings({ ...production, SMS_SANDBOX: 'true' }), log)?.name).toBe(
      'sandbox',
    );
  });

  it('is Aliyun when configured, over the sandbox, and texts through Aliyun with every setting', async () => {
    const aliyun = await startAliyunSmsDouble({ codeVariable: 'otp', minutesVariable: 'minutes' });
    try {
      const provider = createSmsProvider(
        loadSettings({ ...aliyun.settings, SMS_SANDBOX: 'true' }),
        log,
      );
      expect(provider?.name).toBe('aliyun');
      await provider?.sendVerificationCode({
        phoneNumber: '13800138000',
        code: '246810',
        validMinutes: 10,
      });
      expect(aliyun.messages.at(-1)).toMatchObject({
        phoneNumber: '13800138000',
        signName: aliyun.config.signName,
        templateCode: aliyun.config.templateCode,
        params: { otp: '246810', minutes: '10' },
      });
      expect(
        createSmsProvider(loadSettings({ ...aliyun.settings, ...production }), log)?.name,
      ).toBe('aliyun');
    } finally {
      await aliyun.close();
    }
  });

  it('is Tencent when configured, over the sandbox, and texts through Tencent with every setting', async () => {
    const tencent = await startTencentSmsDouble({ templateWithMinutes: true });
    try {
      const provider = createSmsProvider(
        loadSettings({ ...tencent.settings, SMS_SANDBOX: 'true' }),
        log,
      );
      expect(provider?.name).toBe('tencent');
      await provider?.sendVerificationCode({
        phoneNumber: '13800138000',
        code: '135790',
        validMinutes: 5,
      });
      expect(tencent.messages.at(-1)).toMatchObject({
        phoneNumber: '+8613800138000',
        signName: tencent.config.signName,
        templateId: tencent.config.templateId,
        params: ['135790', '5'],
      });
    } finally {
      await tencent.close();
    }
  });
});
