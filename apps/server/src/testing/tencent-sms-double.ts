import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';
import type { TencentSmsConfig } from '../modules/sms/providers/tencent.js';

/**
 * A local stand-in for Tencent Cloud SMS (API 2021-01-11, SendSms), speaking the real protocol: a
 * JSON POST signed TC3-HMAC-SHA256 with the common parameters in X-TC-* headers, answered with
 * `{"Response": {...}}`. Like Tencent it recomputes the signature with the secret key (service
 * `sms`), so a wrong key or a body changed after signing gets AuthFailure.SignatureFailure; it
 * refuses an unknown SecretId and a timestamp more than five minutes off; it checks the SDK app,
 * sign name, template and the number of template parameters against the ones it was started
 * with (the verification-code template and any other approved ones, e.g. the order reminders);
 * and it records what it "texted".
 * For tests in another process: GET /__double/messages lists what was texted, POST
 * /__double/fail-next {code, message?, level?} makes the next send answer that error.
 * Only node and fastify imports: the browser journeys start it too.
 */
export interface TencentSmsDoubleMessage {
  /** As given in PhoneNumberSet (+86 and 11 digits). */
  phoneNumber: string;
  signName: string;
  templateId: string;
  /** TemplateParamSet: the code, then the minutes if the template has them. */
  params: string[];
  serialNo: string;
  sentAt: Date;
}

export interface TencentSmsDoubleOptions {
  sdkAppId?: string;
  signName?: string;
  templateId?: string;
  /** The approved template has {2}, the minutes the code stays valid. */
  templateWithMinutes?: boolean;
  /** Other approved templates (template id → how many parameters, {1} … {n}, each takes). */
  templates?: Record<string, number>;
  port?: number;
}

/**
 * Where Tencent reports an error: 'status' in the number's SendStatusSet entry (its daily or
 * hourly limit, a bad number), 'request' in Response.Error (the request itself refused).
 */
export type TencentSmsFailureLevel = 'status' | 'request';

export interface TencentSmsDouble {
  baseUrl: string;
  /** What a test builds the provider with (the shape of TencentSmsConfig). */
  config: Omit<TencentSmsConfig, 'timeoutMs'>;
  /** The same as server settings, for a server started against this double. */
  settings: Record<string, string>;
  messages: TencentSmsDoubleMessage[];
  /** The code last texted to a mainland number (11 digits). */
  lastCode(phoneNumber: string): string | undefined;
  /** The next send that passes the checks answers this error (e.g. LimitExceeded.PhoneNumberDailyLimit). */
  failNextSend(code: string, options?: { message?: string; level?: TencentSmsFailureLevel }): void;
  close(): Promise<void>;
}

const ALGORITHM = 'TC3-HMAC-SHA256';
const MAX_SKEW_SECONDS = 300;
const REGIONS = ['ap-guangzhou', 'ap-beijing', 'ap-nanjing'];

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text, 'utf8').digest();
const national = (phone: string) => phone.replace(/^(?:\+86|0086|86)(?=1\d{10}$)/, '');

interface TencentError {
  Code: string;
  Message: string;
}

export async function startTencentSmsDouble(
  options: TencentSmsDoubleOptions = {},
): Promise<TencentSmsDouble> {
  const secretId = `AKID${randomBytes(16).toString('hex')}`;
  const secretKey = randomBytes(24).toString('base64url');
  const sdkAppId = options.sdkAppId ?? '1400000001';
  const signName = options.signName ?? '雪具租赁';
  const templateId = options.templateId ?? '2000001';
  const templateWithMinutes = options.templateWithMinutes ?? false;
  const messages: TencentSmsDoubleMessage[] = [];
  const failures: { error: TencentError; level: TencentSmsFailureLevel }[] = [];
  const app = Fastify({ logger: false });

  // The signature covers the body's exact bytes, so it is read as text, whatever its type says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const response = (content: Record<string, unknown>) => ({
    Response: { ...content, RequestId: randomUUID() },
  });
  const error = (Code: string, Message: string) => response({ Error: { Code, Message } });

  /** Tencent's gateway: the common parameters, who signed, and did they sign exactly this? */
  function authenticate(request: FastifyRequest, body: string): TencentError | null {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const missing = (name: string) => ({
      Code: 'MissingParameter',
      Message: `The request is missing a required parameter \`${name}\`.`,
    });
    const action = header('x-tc-action');
    if (!action) return missing('Action');
    const timestampText = header('x-tc-timestamp');
    if (!timestampText) return missing('Timestamp');
    const timestamp = Number(timestampText);
    if (
      !/^\d+$/.test(timestampText) ||
      Math.abs(Date.now() / 1000 - timestamp) > MAX_SKEW_SECONDS
    ) {
      return {
        Code: 'AuthFailure.SignatureExpire',
        Message:
          'Signature expired. Timestamp and server time cannot differ by more than five minutes.',
      };
    }
    const invalid = {
      Code: 'AuthFailure.InvalidAuthorization',
      Message: 'Authorization in the request header is invalid.',
    };
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/,]+)\/([^/,]+)\/([^/,]+)\/tc3_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
        header('authorization') ?? '',
      );
    if (!match) return invalid;
    const [, credential, date, service, signedList = '', signature] = match;
    if (credential !== secretId) {
      return {
        Code: 'AuthFailure.SecretIdNotFound',
        Message: 'The SecretId is not found, please ensure that your SecretId is correct.',
      };
    }
    const signed = signedList.split(';');
    if (!signed.includes('content-type') || !signed.includes('host')) return invalid;

    const failure = {
      Code: 'AuthFailure.SignatureFailure',
      Message:
        'The provided credentials could not be validated. Please check your signature is correct.',
    };
    const day = new Date(timestamp * 1000).toISOString().slice(0, 10);
    // Tencent derives the key for its own service and the request's own day: nothing else verifies.
    if (service !== 'sms' || date !== day) return failure;
    const canonicalRequest = [
      request.method,
      '/',
      '',
      [...signed]
        .sort()
        .map((name) => `${name}:${(header(name) ?? '').trim().toLowerCase()}\n`)
        .join(''),
      signed.join(';'),
      sha256Hex(body),
    ].join('\n');
    const stringToSign = `${ALGORITHM}\n${timestamp}\n${day}/sms/tc3_request\n${sha256Hex(canonicalRequest)}`;
    const key = hmac(hmac(hmac(`TC3${secretKey}`, day), 'sms'), 'tc3_request');
    if (createHmac('sha256', key).update(stringToSign).digest('hex') !== signature) return failure;

    if (action !== 'SendSms') {
      return { Code: 'InvalidAction', Message: `The action \`${action}\` is invalid.` };
    }
    const version = header('x-tc-version');
    if (version !== '2021-01-11') {
      return {
        Code: 'NoSuchVersion',
        Message: `The requested version \`${version ?? ''}\` of API \`SendSms\` is not provided.`,
      };
    }
    const region = header('x-tc-region');
    if (!region) return missing('Region');
    if (!REGIONS.includes(region)) {
      return {
        Code: 'UnsupportedRegion',
        Message: `The region \`${region}\` is not supported by \`sms\`.`,
      };
    }
    return null;
  }

  /** What SendSms checks of the request as a whole (answered in Response.Error). */
  function checkRequest(fields: Record<string, unknown>): TencentError | null {
    for (const name of ['PhoneNumberSet', 'SmsSdkAppId', 'TemplateId']) {
      const value = fields[name];
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
        return {
          Code: 'MissingParameter',
          Message: `The request is missing a required parameter \`${name}\`.`,
        };
      }
    }
    const params = fields.TemplateParamSet ?? [];
    if (
      !Array.isArray(fields.PhoneNumberSet) ||
      fields.PhoneNumberSet.some((p) => typeof p !== 'string') ||
      !Array.isArray(params) ||
      params.some((p) => typeof p !== 'string')
    ) {
      return {
        Code: 'InvalidParameter',
        Message: 'PhoneNumberSet and TemplateParamSet are arrays of strings.',
      };
    }
    if (fields.SmsSdkAppId !== sdkAppId) {
      return { Code: 'InvalidParameterValue.SdkAppIdNotExist', Message: 'SdkAppId不存在。' };
    }
    if (fields.SignName !== signName) {
      return {
        Code: 'FailedOperation.SignatureIncorrectOrUnapproved',
        Message: '签名未审批或格式错误。',
      };
    }
    const otherCount =
      typeof fields.TemplateId === 'string' ? options.templates?.[fields.TemplateId] : undefined;
    if (fields.TemplateId !== templateId && otherCount === undefined) {
      return {
        Code: 'FailedOperation.TemplateIncorrectOrUnapproved',
        Message: '模板未审批或内容不匹配。',
      };
    }
    const count = otherCount ?? (templateWithMinutes ? 2 : 1);
    if (params.length !== count || params.some((p) => p === '')) {
      return {
        Code: 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
        Message: '请求内容与审核通过的模板内容不匹配。',
      };
    }
    return null;
  }

  app.post('/', async (request) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const refused = authenticate(request, body);
    if (refused) return error(refused.Code, refused.Message);
    let fields: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
      fields = parsed as Record<string, unknown>;
    } catch {
      return error('FailedOperation.FailResolvePacket', '请求包解析失败。');
    }
    const invalid = checkRequest(fields);
    if (invalid) return error(invalid.Code, invalid.Message);

    const phones = fields.PhoneNumberSet as string[];
    const params = fields.TemplateParamSet as string[];
    const failure = failures.shift();
    if (failure?.level === 'request') return error(failure.error.Code, failure.error.Message);
    const statuses = phones.map((phoneNumber) => {
      const serialNo = `2019:${randomInt(1e9, 1e10 - 1)}${Date.now()}`;
      const status = {
        SerialNo: serialNo,
        PhoneNumber: phoneNumber,
        SessionContext: '',
        IsoCode: 'CN',
      };
      if (failure)
        return { ...status, Fee: 0, Code: failure.error.Code, Message: failure.error.Message };
      if (!/^1\d{10}$/.test(national(phoneNumber))) {
        return {
          ...status,
          Fee: 0,
          Code: 'InvalidParameterValue.IncorrectPhoneNumber',
          Message: '手机号格式错误。',
        };
      }
      messages.push({
        phoneNumber,
        signName,
        templateId: fields.TemplateId as string,
        params,
        serialNo,
        sentAt: new Date(),
      });
      return { ...status, Fee: 1, Code: 'Ok', Message: 'send success' };
    });
    return response({ SendStatusSet: statuses });
  });

  app.get('/__double/messages', async () => messages);
  app.post('/__double/fail-next', async (request) => {
    const fields = JSON.parse(typeof request.body === 'string' ? request.body : '{}') as {
      code?: string;
      message?: string;
      level?: TencentSmsFailureLevel;
    };
    if (!fields.code) throw new Error('code is required');
    failures.push({
      error: { Code: fields.code, Message: fields.message ?? fields.code },
      level: fields.level ?? 'status',
    });
    return { ok: true };
  });

  const baseUrl = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const region = 'ap-guangzhou';
  return {
    baseUrl,
    config: {
      secretId,
      secretKey,
      sdkAppId,
      signName,
      templateId,
      templateWithMinutes,
      region,
      endpoint: baseUrl,
    },
    settings: {
      TENCENT_SMS_SECRET_ID: secretId,
      TENCENT_SMS_SECRET_KEY: secretKey,
      TENCENT_SMS_SDK_APP_ID: sdkAppId,
      TENCENT_SMS_SIGN_NAME: signName,
      TENCENT_SMS_TEMPLATE_ID: templateId,
      TENCENT_SMS_TEMPLATE_WITH_MINUTES: String(templateWithMinutes),
      TENCENT_SMS_REGION: region,
      TENCENT_SMS_ENDPOINT: baseUrl,
    },
    messages,
    lastCode: (phoneNumber) =>
      messages.findLast(
        (m) => m.templateId === templateId && national(m.phoneNumber) === national(phoneNumber),
      )?.params[0],
    failNextSend: (code, failOptions = {}) => {
      failures.push({
        error: { Code: code, Message: failOptions.message ?? code },
        level: failOptions.level ?? 'status',
      });
    },
    close: () => app.close(),
  };
}
