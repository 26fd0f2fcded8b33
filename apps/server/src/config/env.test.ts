import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './env.js';

describe('settings', () => {
  it('defaults to the embedded database on port 3000', () => {
    const s = loadSettings({});
    expect(s.PORT).toBe(3000);
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.DATA_DIR).toBe('./data');
    expect(s.SEED_DEMO_DATA).toBe(true);
  });

  it('gives the embedded database a small page cache, which may be raised and not refused', () => {
    expect(loadSettings({}).EMBEDDED_DB_BUFFERS_MB).toBe(16);
    expect(loadSettings({ EMBEDDED_DB_BUFFERS_MB: '256' }).EMBEDDED_DB_BUFFERS_MB).toBe(256);
    for (const bad of ['0', '16MB', '1.5', '9000'])
      expect(() => loadSettings({ EMBEDDED_DB_BUFFERS_MB: bad })).toThrow(/EMBEDDED_DB_BUFFERS_MB/);
  });

  it('stops with one message naming every bad variable and its value', () => {
    let message = '';
    try {
      loadSettings({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect(err).toBeInstanceOf(SettingsError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/start-up stopped/);
    expect(message).toMatch(/PORT: .*"eighty"/);
    expect(message).toMatch(/LOG_LEVEL: .*"loud"/);
    expect(message).toMatch(/DATABASE_URL: must start with postgres/);
  });

  it('bounds the PostgreSQL pool and its waits by default, and refuses nonsense', () => {
    expect(loadSettings({})).toMatchObject({
      DATABASE_POOL_SIZE: 10,
      DATABASE_CONNECTION_TIMEOUT_MS: 5000,
      DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
      DATABASE_QUERY_TIMEOUT_MS: 30_000,
    });
    expect(
      loadSettings({ DATABASE_POOL_SIZE: '4', DATABASE_STATEMENT_TIMEOUT_MS: '0' }),
    ).toMatchObject({ DATABASE_POOL_SIZE: 4, DATABASE_STATEMENT_TIMEOUT_MS: 0 });
    expect(() =>
      loadSettings({ DATABASE_POOL_SIZE: '0', DATABASE_CONNECTION_TIMEOUT_MS: 'soon' }),
    ).toThrow(/DATABASE_POOL_SIZE[\s\S]*DATABASE_CONNECTION_TIMEOUT_MS/);
  });

  it('demands a shared APP_SECRET when running on PostgreSQL', () => {
    expect(() => loadSettings({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      /APP_SECRET: required/,
    );
    expect(() => loadSettings({ DATABASE_URL: 'postgres://u@h/db', APP_SECRET: 'short' })).toThrow(
      /at least 32/,
    );
  });

  it('demands the public address links are built from when running on PostgreSQL', () => {
    const production = { DATABASE_URL: 'postgres://u@h/db', APP_SECRET: 'x'.repeat(32) };
    expect(() => loadSettings(production)).toThrow(
      /PUBLIC_BASE_URL: required when DATABASE_URL is set/,
    );
    const s = loadSettings({ ...production, PUBLIC_BASE_URL: 'https://rent.example.com/' });
    expect(s.PUBLIC_BASE_URL).toBe('https://rent.example.com');
    expect(s.PAYMENT_SANDBOX).toBe(false);
    // The embedded demo needs none: its links are relative to the server.
    expect(loadSettings({}).PUBLIC_BASE_URL).toBeUndefined();
    expect(() => loadSettings({ PUBLIC_BASE_URL: 'rent.example.com' })).toThrow(/PUBLIC_BASE_URL/);
  });

  it('reads lists and switches', () => {
    const s = loadSettings({
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      SEED_DEMO_DATA: 'false',
    });
    expect(s.CORS_ORIGINS).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(s.SEED_DEMO_DATA).toBe(false);
    expect(() => loadSettings({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
  });

  it('reads which proxies to trust: none, a number of hops, or addresses and subnets', () => {
    expect(loadSettings({}).TRUST_PROXY).toBe(false);
    expect(loadSettings({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadSettings({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadSettings({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadSettings({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps the payment and SMS sandboxes to the embedded demo unless asked for', () => {
    const embedded = loadSettings({});
    expect(embedded.PAYMENT_SANDBOX).toBe(true);
    expect(embedded.SMS_SANDBOX).toBe(true);
    const production = loadSettings({
      DATABASE_URL: 'postgres://u@h/db',
      APP_SECRET: 'x'.repeat(32),
      PUBLIC_BASE_URL: 'https://rent.example.com',
    });
    expect(production.PAYMENT_SANDBOX).toBe(false);
    expect(production.SMS_SANDBOX).toBe(false);
    const asked = loadSettings({
      DATABASE_URL: 'postgres://u@h/db',
      APP_SECRET: 'x'.repeat(32),
      PUBLIC_BASE_URL: 'https://rent.example.com',
      PAYMENT_SANDBOX: 'true',
      SMS_SANDBOX: 'true',
    });
    expect(asked.PAYMENT_SANDBOX).toBe(true);
    expect(asked.SMS_SANDBOX).toBe(true);
    expect(loadSettings({ SMS_SANDBOX: 'false' }).SMS_SANDBOX).toBe(false);
  });

  describe('SMS providers', () => {
    const aliyun = {
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExample',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '雪具租赁',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_465000001',
    };
    const tencent = {
      TENCENT_SMS_SECRET_ID: 'AKIDexample',
      TENCENT_SMS_SECRET_KEY: 'secret',
      TENCENT_SMS_SDK_APP_ID: '1400000001',
      TENCENT_SMS_SIGN_NAME: '雪具租赁',
      TENCENT_SMS_TEMPLATE_ID: '2000001',
    };
    const problems = (source: Record<string, string>) => {
      try {
        loadSettings(source);
        return '';
      } catch (err) {
        expect(err).toBeInstanceOf(SettingsError);
        return (err as Error).message;
      }
    };

    it('reads a complete Aliyun or Tencent set-up, with the defaults filled in', () => {
      const a = loadSettings(aliyun);
      expect(a.ALIYUN_SMS_ENDPOINT).toBe('https://dysmsapi.aliyuncs.com');
      expect(a.ALIYUN_SMS_CODE_VARIABLE).toBe('code');
      expect(a.ALIYUN_SMS_MINUTES_VARIABLE).toBeUndefined();
      const t = loadSettings(tencent);
      expect(t.TENCENT_SMS_ENDPOINT).toBe('https://sms.tencentcloudapi.com');
      expect(t.TENCENT_SMS_REGION).toBe('ap-guangzhou');
      expect(t.TENCENT_SMS_TEMPLATE_WITH_MINUTES).toBe(false);
      // Blank lines copied from .env.example mean the defaults.
      expect(
        loadSettings({ ...aliyun, ALIYUN_SMS_CODE_VARIABLE: '', ALIYUN_SMS_MINUTES_VARIABLE: '' })
          .ALIYUN_SMS_CODE_VARIABLE,
      ).toBe('code');
    });

    it('stops start-up naming each setting a chosen provider still needs', () => {
      const a = problems({
        ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExample',
        ALIYUN_SMS_SIGN_NAME: '雪具租赁',
      });
      expect(a).toMatch(/start-up stopped/);
      expect(a).toMatch(
        /ALIYUN_SMS_ACCESS_KEY_SECRET: required when ALIYUN_SMS_ACCESS_KEY_ID is set/,
      );
      expect(a).toMatch(/ALIYUN_SMS_TEMPLATE_CODE: required when ALIYUN_SMS_ACCESS_KEY_ID is set/);
      expect(a).not.toMatch(/ALIYUN_SMS_SIGN_NAME/);

      const t = problems({ TENCENT_SMS_SECRET_ID: 'AKIDexample' });
      for (const name of [
        'TENCENT_SMS_SECRET_KEY',
        'TENCENT_SMS_SDK_APP_ID',
        'TENCENT_SMS_SIGN_NAME',
        'TENCENT_SMS_TEMPLATE_ID',
      ]) {
        expect(t).toContain(`${name}: required when TENCENT_SMS_SECRET_ID is set`);
      }
    });

    it('stops start-up when a provider is configured but not chosen', () => {
      const { ALIYUN_SMS_ACCESS_KEY_ID: _id, ...withoutId } = aliyun;
      expect(problems(withoutId)).toMatch(
        /ALIYUN_SMS_ACCESS_KEY_ID: required when ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE are set/,
      );
      expect(problems({ TENCENT_SMS_SECRET_KEY: 'secret' })).toMatch(
        /TENCENT_SMS_SECRET_ID: required when TENCENT_SMS_SECRET_KEY is set/,
      );
    });

    it('stops start-up when both providers are configured', () => {
      expect(problems({ ...aliyun, ...tencent })).toMatch(
        /ALIYUN_SMS_ACCESS_KEY_ID, TENCENT_SMS_SECRET_ID: both set/,
      );
    });

    it('refuses an endpoint that is not an http(s) URL and a template variable that is not a name', () => {
      const message = problems({
        ...aliyun,
        ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com',
        ALIYUN_SMS_CODE_VARIABLE: '${code}',
        TENCENT_SMS_ENDPOINT: 'ftp://sms.example.com',
      });
      expect(message).toMatch(/ALIYUN_SMS_ENDPOINT: must be an http/);
      expect(message).toMatch(/ALIYUN_SMS_CODE_VARIABLE: letters, digits and _/);
      expect(message).toMatch(/TENCENT_SMS_ENDPOINT: must be an http/);
    });
  });

  describe('order reminders', () => {
    const problems = (source: Record<string, string>) => {
      try {
        loadSettings(source);
        return '';
      } catch (err) {
        expect(err).toBeInstanceOf(SettingsError);
        return (err as Error).message;
      }
    };

    it('keeps the reminder sandbox to the embedded demo unless asked for', () => {
      expect(loadSettings({}).NOTIFICATION_SANDBOX).toBe(true);
      const production = {
        DATABASE_URL: 'postgres://u@h/db',
        APP_SECRET: 'x'.repeat(32),
        PUBLIC_BASE_URL: 'https://rent.example.com',
      };
      expect(loadSettings(production).NOTIFICATION_SANDBOX).toBe(false);
      expect(
        loadSettings({ ...production, NOTIFICATION_SANDBOX: 'true' }).NOTIFICATION_SANDBOX,
      ).toBe(true);
    });

    it('reads WeChat template keywords, with a default, and refuses a field it does not know', () => {
      const settings = loadSettings({
        WECHAT_APP_ID: 'wx1',
        WECHAT_APP_SECRET: 's',
        WECHAT_TEMPLATE_OVERDUE: 'tpl-overdue',
        WECHAT_TEMPLATE_OVERDUE_DATA: 'character_string2=order, thing1=store ,time3=time',
      });
      expect(settings.WECHAT_TEMPLATE_OVERDUE_DATA).toEqual({
        character_string2: 'order',
        thing1: 'store',
        time3: 'time',
      });
      expect(settings.WECHAT_TEMPLATE_PICKUP_TOMORROW_DATA).toEqual({
        character_string1: 'order',
        thing2: 'store',
        time3: 'time',
        thing4: 'note',
      });
      expect(problems({ WECHAT_TEMPLATE_RETURN_TODAY_DATA: 'thing1=address' })).toMatch(
        /WECHAT_TEMPLATE_RETURN_TODAY_DATA: comma-separated keyword=field pairs/,
      );
    });

    it('stops start-up when a reminder template has no channel to go through', () => {
      expect(problems({ SMS_TEMPLATE_OVERDUE: 'SMS_470000003' })).toMatch(
        /ALIYUN_SMS_ACCESS_KEY_ID or TENCENT_SMS_SECRET_ID: required when SMS_TEMPLATE_OVERDUE is set/,
      );
      expect(problems({ WECHAT_TEMPLATE_PICKUP_TOMORROW: 'tpl' })).toMatch(
        /WECHAT_APP_ID, WECHAT_APP_SECRET: required when WECHAT_TEMPLATE_PICKUP_TOMORROW is set/,
      );
    });
  });
});
