import { createServer, type Server } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAliyunSmsDouble, type AliyunSmsDouble } from '@/testing/aliyun-sms-double.js';
import { SmsProviderError, type VerificationCodeMessage } from '../provider.js';
import { acs3Signature, AliyunSmsProvider, signedSendSmsRequest } from './aliyun.js';
import { SMS_TIMEOUT_MS } from './http.js';

const message = (phoneNumber: string, code = '482913'): VerificationCodeMessage => ({
  phoneNumber,
  code,
  validMinutes: 5,
});

describe('Aliyun SMS provider against the local double', () => {
  let aliyun: AliyunSmsDouble;
  let provider: AliyunSmsProvider;

  beforeAll(async () => {
    aliyun = await startAliyunSmsDouble();
    provider = new AliyunSmsProvider(aliyun.config);
  });
  afterAll(() => aliyun.close());

  it('texts the code with our sign name and template, and Aliyun accepts the signature', async () => {
    const result = await provider.sendVerificationCode(message('13800138000', '482913'));
    expect(aliyun.messages.at(-1)).toMatchObject({
      phoneNumber: '13800138000',
      signName: '雪具租赁',
      templateCode: aliyun.config.templateCode,
      params: { code: '482913' },
    });
    expect(result.providerMessageId).toBe(aliyun.messages.at(-1)?.bizId);
    expect(aliyun.lastCode('13800138000')).toBe('482913');
  });

  it('fills the variables a template names, the minutes too when it has them', async () => {
    const double = await startAliyunSmsDouble({
      codeVariable: 'number',
      minutesVariable: 'min',
      signName: '万龙雪具',
    });
    try {
      await new AliyunSmsProvider(double.config).sendVerificationCode(
        message('13900139000', '005731'),
      );
      expect(double.messages.at(-1)).toMatchObject({
        signName: '万龙雪具',
        params: { number: '005731', min: '5' },
      });
      // A template that wants the minutes refuses a message without them, as Aliyun does.
      const { minutesVariable: _minutes, ...withoutMinutes } = double.config;
      await expect(
        new AliyunSmsProvider(withoutMinutes).sendVerificationCode(message('13900139000')),
      ).rejects.toMatchObject({ code: 'isv.TEMPLATE_MISSING_PARAMETERS' });
    } finally {
      await double.close();
    }
  });

  it('a wrong secret is refused by the signature check, as SignatureDoesNotMatch', async () => {
    const before = aliyun.messages.length;
    const impostor = new AliyunSmsProvider({ ...aliyun.config, accessKeySecret: 'not-the-secret' });
    const error = await impostor.sendVerificationCode(message('13800138000')).catch((e) => e);
    expect(error).toBeInstanceOf(SmsProviderError);
    expect(error).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect((error as Error).message).not.toContain('not-the-secret');
    expect(aliyun.messages).toHaveLength(before);
  });

  it('an unknown access key is refused as InvalidAccessKeyId.NotFound', async () => {
    const stranger = new AliyunSmsProvider({ ...aliyun.config, accessKeyId: 'LTAI5tSomeoneElse' });
    await expect(stranger.sendVerificationCode(message('13800138000'))).rejects.toMatchObject({
      code: 'InvalidAccessKeyId.NotFound',
    });
  });

  it('the double refuses a parameter changed after signing, a replay and a stale date', async () => {
    const send = (request: ReturnType<typeof signedSendSmsRequest>, url = request.url) =>
      fetch(url, { method: request.method, headers: request.headers }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { Code: string },
      }));
    const signed = signedSendSmsRequest(aliyun.config, message('13800138000', '111111'));
    const tampered = signed.url.replace('13800138000', '13800138001');
    expect(await send(signed, tampered)).toMatchObject({
      status: 400,
      body: { Code: 'SignatureDoesNotMatch' },
    });
    expect(await send(signed)).toMatchObject({ status: 200, body: { Code: 'OK' } });
    expect(await send(signed)).toMatchObject({ body: { Code: 'SignatureNonceUsed' } });
    const stale = signedSendSmsRequest(
      aliyun.config,
      message('13800138000'),
      new Date(Date.now() - 20 * 60_000),
    );
    expect(await send(stale)).toMatchObject({ body: { Code: 'InvalidTimeStamp.Expired' } });
  });

  it("maps Aliyun's refusals to SmsProviderError with Aliyun's code, then sends again", async () => {
    aliyun.failNextSend('isv.BUSINESS_LIMIT_CONTROL', '触发天级流控Permits:10');
    const limited = await provider.sendVerificationCode(message('13800138000')).catch((e) => e);
    expect(limited).toBeInstanceOf(SmsProviderError);
    expect(limited).toMatchObject({ code: 'isv.BUSINESS_LIMIT_CONTROL' });
    expect((limited as Error).message).toContain('触发天级流控');

    await expect(provider.sendVerificationCode(message('1380013800'))).rejects.toMatchObject({
      code: 'isv.MOBILE_NUMBER_ILLEGAL',
    });
    await expect(
      new AliyunSmsProvider({ ...aliyun.config, templateCode: 'SMS_0' }).sendVerificationCode(
        message('13800138000'),
      ),
    ).rejects.toMatchObject({ code: 'isv.SMS_TEMPLATE_ILLEGAL' });
    await expect(
      new AliyunSmsProvider({ ...aliyun.config, signName: '别家' }).sendVerificationCode(
        message('13800138000'),
      ),
    ).rejects.toMatchObject({ code: 'isv.SMS_SIGNATURE_ILLEGAL' });

    await provider.sendVerificationCode(message('13800138000', '777777'));
    expect(aliyun.lastCode('13800138000')).toBe('777777');
  });

  it('texts another approved template by name (the order reminders), signed the same way', async () => {
    const double = await startAliyunSmsDouble({
      templates: { SMS_470000002: ['order', 'store', 'time'] },
    });
    try {
      const reminders = new AliyunSmsProvider(double.config);
      const params = [
        { name: 'order', value: '202801150001' },
        { name: 'store', value: '万龙雪场店' },
        { name: 'time', value: '2028年1月15日 17:00' },
      ];
      const result = await reminders.sendTemplated({
        phoneNumber: '13800138000',
        templateId: 'SMS_470000002',
        params,
      });
      expect(double.messages.at(-1)).toMatchObject({
        phoneNumber: '13800138000',
        templateCode: 'SMS_470000002',
        params: { order: '202801150001', store: '万龙雪场店', time: '2028年1月15日 17:00' },
      });
      expect(result.providerMessageId).toBe(double.messages.at(-1)?.bizId);
      // The verification code is not mistaken for one of these.
      expect(double.lastCode('13800138000')).toBeUndefined();
      await expect(
        reminders.sendTemplated({ phoneNumber: '13800138000', templateId: 'SMS_0', params }),
      ).rejects.toMatchObject({ code: 'isv.SMS_TEMPLATE_ILLEGAL' });
      await expect(
        reminders.sendTemplated({
          phoneNumber: '13800138000',
          templateId: 'SMS_470000002',
          params: params.slice(0, 2),
        }),
      ).rejects.toMatchObject({ code: 'isv.TEMPLATE_MISSING_PARAMETERS' });
      await expect(
        new AliyunSmsProvider({ ...double.config, accessKeySecret: 'wrong' }).sendTemplated({
          phoneNumber: '13800138000',
          templateId: 'SMS_470000002',
          params,
        }),
      ).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
    } finally {
      await double.close();
    }
  });

  it('signs exactly as the official SDK does (a request it signed)', () => {
    // Captured from @alicloud/dysmsapi20170525 4.6.0 sending to a loopback server.
    const { signature, signedHeaders } = acs3Signature('sec ret*', {
      method: 'POST',
      path: '/',
      query: {
        PhoneNumbers: '13800138000',
        SignName: '雪具 租赁(测试)',
        TemplateCode: 'SMS_1',
        TemplateParam: '{"code":"123456","x":"a~b*c!"}',
      },
      headers: {
        host: '127.0.0.1:33411',
        'x-acs-version': '2017-05-25',
        'x-acs-action': 'SendSms',
        'x-acs-date': '2026-11-22T12:21:58Z',
        'x-acs-signature-nonce': 'fd8d0c6829e8ecc588164c877dccdfa95abe06ab74691e6a37e6f4518434f853',
        'x-acs-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-acs-credentials-provider': 'static_ak',
      },
    });
    expect(signedHeaders).toBe(
      'host;x-acs-action;x-acs-content-sha256;x-acs-credentials-provider;x-acs-date;x-acs-signature-nonce;x-acs-version',
    );
    expect(signature).toBe('e6798b274ad61e6d0372c88c2c27174f0f0ec7d5fbb31128f734fa99e0ceb2bc');
  });
});

describe('Aliyun SMS provider when Aliyun cannot be reached', () => {
  const config = {
    accessKeyId: 'LTAI5tTest',
    accessKeySecret: 'secret',
    signName: '雪具租赁',
    templateCode: 'SMS_465000001',
    codeVariable: 'code',
  };

  it('rejects within the time-out when Aliyun accepts the connection but never answers', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const provider = new AliyunSmsProvider({
        ...config,
        endpoint: `http://127.0.0.1:${port}`,
        timeoutMs: 300,
      });
      const started = Date.now();
      const error = await provider.sendVerificationCode(message('13800138000')).catch((e) => e);
      expect(error).toBeInstanceOf(SmsProviderError);
      expect(error).toMatchObject({ code: 'TIMEOUT' });
      // Its own time-out, not the default of ten seconds: half that leaves a busy machine room.
      expect(Date.now() - started).toBeLessThan(SMS_TIMEOUT_MS / 2);
    } finally {
      silent.close();
    }
  });

  it('rejects at once when nothing listens', async () => {
    const provider = new AliyunSmsProvider({ ...config, endpoint: 'http://127.0.0.1:9' });
    await expect(provider.sendVerificationCode(message('13800138000'))).rejects.toMatchObject({
      name: 'SmsProviderError',
      code: 'NETWORK_ERROR',
    });
  });

  it('rejects an answer that is not JSON (a proxy error page)', async () => {
    const proxy = Fastify({ logger: false });
    proxy.all('/', (_request, reply) =>
      reply.code(502).type('text/html').send('<html><body>502 Bad Gateway</body></html>'),
    );
    const endpoint = await proxy.listen({ host: '127.0.0.1', port: 0 });
    try {
      const error = await new AliyunSmsProvider({ ...config, endpoint })
        .sendVerificationCode(message('13800138000'))
        .catch((e) => e);
      expect(error).toBeInstanceOf(SmsProviderError);
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
      expect((error as Error).message).toContain('502');
    } finally {
      await proxy.close();
    }
  });
});

describe('Aliyun SMS to numbers outside the mainland', () => {
  const config = {
    accessKeyId: 'LTAI5tTest',
    accessKeySecret: 'secret',
    signName: '雪具租赁',
    templateCode: 'SMS_465000001',
    internationalTemplateCode: 'SMS_465000099',
    codeVariable: 'code',
    endpoint: 'https://dysmsapi.aliyuncs.com',
  };
  const query = (request: { url: string }) => new URL(request.url).searchParams;

  it('sends an international number as country code and number, with the international template', () => {
    const abroad = query(signedSendSmsRequest(config, message('+447400123456', '123456')));
    expect(abroad.get('PhoneNumbers')).toBe('447400123456');
    expect(abroad.get('TemplateCode')).toBe('SMS_465000099');
    expect(JSON.parse(abroad.get('TemplateParam') ?? '')).toEqual({ code: '123456' });
    const home = query(signedSendSmsRequest(config, message('13800138000')));
    expect(home.get('PhoneNumbers')).toBe('13800138000');
    expect(home.get('TemplateCode')).toBe('SMS_465000001');
  });

  it('says whether it can text abroad: only with an international template', () => {
    expect(new AliyunSmsProvider(config).sendsInternational).toBe(true);
    const { internationalTemplateCode: _none, ...domestic } = config;
    expect(new AliyunSmsProvider(domestic).sendsInternational).toBe(false);
  });
});
