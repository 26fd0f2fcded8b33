import { createServer, type Server } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTencentSmsDouble, type TencentSmsDouble } from '@/testing/tencent-sms-double.js';
import { SmsProviderError, type VerificationCodeMessage } from '../provider.js';
import { signedSendSmsRequest, tc3Signature, TencentSmsProvider } from './tencent.js';
import { SMS_TIMEOUT_MS } from './http.js';

const message = (phoneNumber: string, code = '482913'): VerificationCodeMessage => ({
  phoneNumber,
  code,
  validMinutes: 5,
});

type Answer = { Response: { Error?: { Code: string }; SendStatusSet?: { Code: string }[] } };

describe('Tencent Cloud SMS provider against the local double', () => {
  let tencent: TencentSmsDouble;
  let provider: TencentSmsProvider;

  beforeAll(async () => {
    tencent = await startTencentSmsDouble();
    provider = new TencentSmsProvider(tencent.config);
  });
  afterAll(() => tencent.close());

  it('texts the code to +86 with our app, sign name and template, and Tencent accepts the signature', async () => {
    const result = await provider.sendVerificationCode(message('13800138000', '482913'));
    expect(tencent.messages.at(-1)).toMatchObject({
      phoneNumber: '+8613800138000',
      signName: '雪具租赁',
      templateId: tencent.config.templateId,
      params: ['482913'],
    });
    expect(result.providerMessageId).toBe(tencent.messages.at(-1)?.serialNo);
    expect(tencent.lastCode('13800138000')).toBe('482913');
  });

  it('sends the minutes as {2} when the template has them, and only then', async () => {
    const double = await startTencentSmsDouble({ templateWithMinutes: true });
    try {
      await new TencentSmsProvider(double.config).sendVerificationCode(
        message('13900139000', '005731'),
      );
      expect(double.messages.at(-1)?.params).toEqual(['005731', '5']);
      await expect(
        new TencentSmsProvider({
          ...double.config,
          templateWithMinutes: false,
        }).sendVerificationCode(message('13900139000')),
      ).rejects.toMatchObject({ code: 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate' });
    } finally {
      await double.close();
    }
  });

  it('a wrong secret key is refused by the signature check, as AuthFailure.SignatureFailure', async () => {
    const before = tencent.messages.length;
    const impostor = new TencentSmsProvider({ ...tencent.config, secretKey: 'not-the-key' });
    const error = await impostor.sendVerificationCode(message('13800138000')).catch((e) => e);
    expect(error).toBeInstanceOf(SmsProviderError);
    expect(error).toMatchObject({ code: 'AuthFailure.SignatureFailure' });
    expect((error as Error).message).not.toContain('not-the-key');
    expect(tencent.messages).toHaveLength(before);
  });

  it('an unknown SecretId is refused as AuthFailure.SecretIdNotFound', async () => {
    const stranger = new TencentSmsProvider({ ...tencent.config, secretId: 'AKIDsomeoneelse' });
    await expect(stranger.sendVerificationCode(message('13800138000'))).rejects.toMatchObject({
      code: 'AuthFailure.SecretIdNotFound',
    });
  });

  it('the double refuses a body changed after signing and a timestamp five minutes off', async () => {
    const send = async (request: ReturnType<typeof signedSendSmsRequest>, body = request.body) => {
      const res = await fetch(request.url, { method: 'POST', headers: request.headers, body });
      return (await res.json()) as Answer;
    };
    const signed = signedSendSmsRequest(tencent.config, message('13800138000', '111111'));
    expect(await send(signed, signed.body.replace('111111', '222222'))).toMatchObject({
      Response: { Error: { Code: 'AuthFailure.SignatureFailure' } },
    });
    expect(await send(signed)).toMatchObject({ Response: { SendStatusSet: [{ Code: 'Ok' }] } });
    const stale = signedSendSmsRequest(
      tencent.config,
      message('13800138000'),
      new Date(Date.now() - 6 * 60_000),
    );
    expect(await send(stale)).toMatchObject({
      Response: { Error: { Code: 'AuthFailure.SignatureExpire' } },
    });
  });

  it("maps Tencent's refusals to SmsProviderError with Tencent's code, then sends again", async () => {
    tencent.failNextSend('LimitExceeded.PhoneNumberDailyLimit', {
      message: '单个手机号日下发短信条数超过设定的上限',
    });
    const limited = await provider.sendVerificationCode(message('13800138000')).catch((e) => e);
    expect(limited).toBeInstanceOf(SmsProviderError);
    expect(limited).toMatchObject({ code: 'LimitExceeded.PhoneNumberDailyLimit' });
    expect((limited as Error).message).toContain('日下发短信条数');

    tencent.failNextSend('RequestLimitExceeded', { level: 'request' });
    await expect(provider.sendVerificationCode(message('13800138000'))).rejects.toMatchObject({
      code: 'RequestLimitExceeded',
    });
    await expect(provider.sendVerificationCode(message('1380013800'))).rejects.toMatchObject({
      code: 'InvalidParameterValue.IncorrectPhoneNumber',
    });
    await expect(
      new TencentSmsProvider({ ...tencent.config, templateId: '1' }).sendVerificationCode(
        message('13800138000'),
      ),
    ).rejects.toMatchObject({ code: 'FailedOperation.TemplateIncorrectOrUnapproved' });
    await expect(
      new TencentSmsProvider({ ...tencent.config, sdkAppId: '1400999999' }).sendVerificationCode(
        message('13800138000'),
      ),
    ).rejects.toMatchObject({ code: 'InvalidParameterValue.SdkAppIdNotExist' });

    await provider.sendVerificationCode(message('13800138000', '777777'));
    expect(tencent.lastCode('13800138000')).toBe('777777');
  });

  it('texts another approved template by position (the order reminders), signed the same way', async () => {
    const double = await startTencentSmsDouble({ templates: { '2000002': 3 } });
    try {
      const reminders = new TencentSmsProvider(double.config);
      const params = [
        { name: 'order', value: '202801150001' },
        { name: 'store', value: '万龙雪场店' },
        { name: 'time', value: '2028年1月15日 17:00' },
      ];
      await reminders.sendTemplated({ phoneNumber: '13800138000', templateId: '2000002', params });
      expect(double.messages.at(-1)).toMatchObject({
        phoneNumber: '+8613800138000',
        templateId: '2000002',
        params: ['202801150001', '万龙雪场店', '2028年1月15日 17:00'],
      });
      expect(double.lastCode('13800138000')).toBeUndefined();
      await expect(
        reminders.sendTemplated({
          phoneNumber: '13800138000',
          templateId: '2000002',
          params: params.slice(0, 2),
        }),
      ).rejects.toMatchObject({ code: 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate' });
      await expect(
        new TencentSmsProvider({ ...double.config, secretKey: 'wrong' }).sendTemplated({
          phoneNumber: '13800138000',
          templateId: '2000002',
          params,
        }),
      ).rejects.toMatchObject({ code: 'AuthFailure.SignatureFailure' });
    } finally {
      await double.close();
    }
  });

  it('signs exactly as the official SDK does (a request it signed)', () => {
    // Computed by tencentcloud-sdk-nodejs-common 4.1.220 (Sign.sign3) for sms.tencentcloudapi.com.
    const { signature, scope } = tc3Signature('test-secret-key', {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        host: 'sms.tencentcloudapi.com',
      },
      body: '{"PhoneNumberSet":["+8613800138000"],"SmsSdkAppId":"1400006666","SignName":"雪具租赁","TemplateId":"1110","TemplateParamSet":["123456","5"]}',
      timestamp: 1795349983,
      service: 'sms',
    });
    expect(scope).toBe('2026-11-22/sms/tc3_request');
    expect(signature).toBe('117e32ad3fbb78113d6d03f4fbaddb6031b3b5d211c3b7125612106be410de51');
  });
});

describe('Tencent Cloud SMS provider when Tencent cannot be reached', () => {
  const config = {
    secretId: 'AKIDtest',
    secretKey: 'secret',
    sdkAppId: '1400000001',
    signName: '雪具租赁',
    templateId: '2000001',
    templateWithMinutes: false,
    region: 'ap-guangzhou',
  };

  it('rejects within the time-out when Tencent accepts the connection but never answers', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const provider = new TencentSmsProvider({
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
    const provider = new TencentSmsProvider({ ...config, endpoint: 'http://127.0.0.1:9' });
    await expect(provider.sendVerificationCode(message('13800138000'))).rejects.toMatchObject({
      name: 'SmsProviderError',
      code: 'NETWORK_ERROR',
    });
  });

  it('rejects an answer that is not JSON, or JSON without a send status', async () => {
    const proxy = Fastify({ logger: false });
    proxy.post('/', (request, reply) =>
      request.headers['x-tc-region'] === 'ap-beijing'
        ? reply.send({ Response: { RequestId: 'r-1' } })
        : reply.code(502).type('text/html').send('<html><body>502 Bad Gateway</body></html>'),
    );
    const endpoint = await proxy.listen({ host: '127.0.0.1', port: 0 });
    try {
      const error = await new TencentSmsProvider({ ...config, endpoint })
        .sendVerificationCode(message('13800138000'))
        .catch((e) => e);
      expect(error).toBeInstanceOf(SmsProviderError);
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
      expect((error as Error).message).toContain('502');
      await expect(
        new TencentSmsProvider({ ...config, endpoint, region: 'ap-beijing' }).sendVerificationCode(
          message('13800138000'),
        ),
      ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    } finally {
      await proxy.close();
    }
  });
});

describe('Tencent Cloud SMS to numbers outside the mainland', () => {
  const config = {
    secretId: 'AKIDtest',
    secretKey: 'secret',
    sdkAppId: '1400006666',
    signName: '雪具租赁',
    templateId: '2000001',
    internationalTemplateId: '2000099',
    templateWithMinutes: true,
    region: 'ap-guangzhou',
    endpoint: 'https://sms.tencentcloudapi.com',
  };
  const body = (request: { body: string }) => JSON.parse(request.body) as Record<string, unknown>;

  it('sends an international number in E.164 with the international template, unsigned unless set', () => {
    const abroad = body(signedSendSmsRequest(config, message('+447400123456', '123456')));
    expect(abroad).toMatchObject({
      PhoneNumberSet: ['+447400123456'],
      TemplateId: '2000099',
      TemplateParamSet: ['123456', '5'],
    });
    expect(abroad).not.toHaveProperty('SignName');
    const signed = body(
      signedSendSmsRequest(
        { ...config, internationalSignName: 'SnowGear' },
        message('+85261234567'),
      ),
    );
    expect(signed).toMatchObject({ PhoneNumberSet: ['+85261234567'], SignName: 'SnowGear' });
    const home = body(signedSendSmsRequest(config, message('13800138000')));
    expect(home).toMatchObject({
      PhoneNumberSet: ['+8613800138000'],
      TemplateId: '2000001',
      SignName: '雪具租赁',
    });
  });

  it('says whether it can text abroad: only with an international template', () => {
    expect(new TencentSmsProvider(config).sendsInternational).toBe(true);
    const { internationalTemplateId: _none, ...domestic } = config;
    expect(new TencentSmsProvider(domestic).sendsInternational).toBe(false);
  });
});
