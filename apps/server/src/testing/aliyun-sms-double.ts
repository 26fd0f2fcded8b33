import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { AliyunSmsConfig } from '../modules/sms/providers/aliyun.js';

/**
 * A local stand-in for Aliyun SMS (dysmsapi 2017-05-25, SendSms), speaking the real protocol: an
 * RPC call signed ACS3-HMAC-SHA256, its parameters in the query string (or a form body), a JSON
 * answer with Code and Message. Like Aliyun it recomputes the signature with the secret, so a
 * wrong secret or a parameter changed after signing gets SignatureDoesNotMatch; it refuses an
 * unknown key, a stale date and a reused nonce; it checks the sign name, the template and its
 * variables against the ones it was started with (the verification-code template and any other
 * approved ones, e.g. the order reminders); and it records what it "texted".
 * For tests in another process: GET /__double/messages lists what was texted, POST
 * /__double/fail-next {code, message?} makes the next send answer that error.
 * Only node and fastify imports: the browser journeys start it too.
 */
export interface AliyunSmsDoubleMessage {
  /** As given in PhoneNumbers (11 digits, or with 86 in front). */
  phoneNumber: string;
  signName: string;
  templateCode: string;
  /** TemplateParam, decoded. */
  params: Record<string, string>;
  bizId: string;
  sentAt: Date;
}

export interface AliyunSmsDoubleOptions {
  signName?: string;
  templateCode?: string;
  /** The approved template's variables: the code's (default `code`) and, if any, the minutes'. */
  codeVariable?: string;
  minutesVariable?: string;
  /** Other approved templates (template code → the variables each must be given). */
  templates?: Record<string, string[]>;
  port?: number;
}

export interface AliyunSmsDouble {
  baseUrl: string;
  /** What a test builds the provider with (the shape of AliyunSmsConfig). */
  config: Omit<AliyunSmsConfig, 'timeoutMs'>;
  /** The same as server settings, for a server started against this double. */
  settings: Record<string, string>;
  messages: AliyunSmsDoubleMessage[];
  /** The code last texted to a mainland number (11 digits). */
  lastCode(phoneNumber: string): string | undefined;
  /** The next send that passes the checks answers this error (e.g. isv.BUSINESS_LIMIT_CONTROL). */
  failNextSend(code: string, message?: string): void;
  close(): Promise<void>;
}

const ALGORITHM = 'ACS3-HMAC-SHA256';
/** How far x-acs-date may be from the double's clock, as Aliyun allows. */
const MAX_SKEW_MS = 15 * 60_000;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const encode = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
const national = (phone: string) => phone.replace(/^(?:\+86|0086|86)(?=1\d{10}$)/, '');

interface Refusal {
  status: number;
  code: string;
  message: string;
}

export async function startAliyunSmsDouble(
  options: AliyunSmsDoubleOptions = {},
): Promise<AliyunSmsDouble> {
  const accessKeyId = `LTAI5t${randomBytes(9).toString('hex')}`;
  const accessKeySecret = randomBytes(22).toString('base64url');
  const signName = options.signName ?? '雪具租赁';
  const templateCode = options.templateCode ?? 'SMS_465000001';
  const codeVariable = options.codeVariable ?? 'code';
  const { minutesVariable } = options;
  const messages: AliyunSmsDoubleMessage[] = [];
  const failures: { code: string; message: string }[] = [];
  const usedNonces = new Set<string>();
  const app = Fastify({ logger: false });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  const refuse = (reply: FastifyReply, refusal: Refusal) =>
    reply.code(refusal.status).send({
      RequestId: randomUUID().toUpperCase(),
      HostId: 'dysmsapi.aliyuncs.com',
      Code: refusal.code,
      Message: refusal.message,
      Recommend: `https://api.aliyun.com/troubleshoot?q=${refusal.code}&product=Dysmsapi`,
    });
  const answer = (reply: FastifyReply, body: Record<string, string>) =>
    reply.code(200).send({ RequestId: randomUUID().toUpperCase(), ...body });

  /** Aliyun's gateway: who signed, and did they sign exactly this request? */
  function authenticate(
    request: FastifyRequest,
    query: Record<string, string>,
    body: string,
  ): Refusal | null {
    const incomplete = (why: string): Refusal => ({
      status: 400,
      code: 'IncompleteSignature',
      message: `The request signature does not conform to Aliyun standards. ${why}`,
    });
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const match =
      /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
        header('authorization') ?? '',
      );
    if (!match) return incomplete('Authorization is missing or malformed.');
    const [, credential = '', signedList = '', signature = ''] = match;
    if (credential !== accessKeyId) {
      return {
        status: 404,
        code: 'InvalidAccessKeyId.NotFound',
        message: 'Specified access key is not found.',
      };
    }
    const signed = signedList.split(';');
    const present = Object.keys(request.headers).filter((n) => n.startsWith('x-acs-'));
    for (const name of [
      'host',
      'x-acs-action',
      'x-acs-version',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-content-sha256',
    ]) {
      if (header(name) === undefined) return incomplete(`Header ${name} is missing.`);
    }
    for (const name of ['host', ...present]) {
      if (!signed.includes(name)) return incomplete(`Header ${name} is not signed.`);
    }
    const date = header('x-acs-date') ?? '';
    const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(date) ? Date.parse(date) : NaN;
    if (!Number.isFinite(at) || Math.abs(Date.now() - at) > MAX_SKEW_MS) {
      return {
        status: 400,
        code: 'InvalidTimeStamp.Expired',
        message: 'Specified time stamp or date value is expired.',
      };
    }
    const canonicalRequest = [
      request.method,
      '/',
      Object.keys(query)
        .sort()
        .map((name) => `${encode(name)}=${encode(query[name] ?? '')}`)
        .join('&'),
      [...signed]
        .sort()
        .map((name) => `${name}:${(header(name) ?? '').trim()}\n`)
        .join(''),
      signed.join(';'),
      // Aliyun hashes the body it received, so a body changed after signing fails here too.
      sha256Hex(body),
    ].join('\n');
    const stringToSign = `${ALGORITHM}\n${sha256Hex(canonicalRequest)}`;
    const expected = createHmac('sha256', accessKeySecret).update(stringToSign).digest('hex');
    if (signature !== expected || header('x-acs-content-sha256') !== sha256Hex(body)) {
      return {
        status: 400,
        code: 'SignatureDoesNotMatch',
        message: `Specified signature does not match our calculation. server StringToSign is [${stringToSign}]`,
      };
    }
    const nonce = header('x-acs-signature-nonce') ?? '';
    if (usedNonces.has(nonce)) {
      return {
        status: 400,
        code: 'SignatureNonceUsed',
        message: 'Specified signature nonce was used already.',
      };
    }
    usedNonces.add(nonce);
    if (header('x-acs-action') !== 'SendSms') {
      return {
        status: 404,
        code: 'InvalidAction.NotFound',
        message: 'Specified api is not found, please check your url and method.',
      };
    }
    if (header('x-acs-version') !== '2017-05-25') {
      return {
        status: 400,
        code: 'InvalidVersion',
        message: 'Specified parameter Version is not valid.',
      };
    }
    return null;
  }

  /** What SendSms itself checks, after the gateway: HTTP 200 with an isv.* Code. */
  function checkMessage(
    query: Record<string, string>,
  ): { refusal: { code: string; message: string } } | { params: Record<string, string> } {
    const isv = (code: string, message: string) => ({ refusal: { code, message } });
    const phones = (query.PhoneNumbers ?? '').split(',');
    if (phones.some((phone) => !/^1\d{10}$/.test(national(phone)))) {
      return isv('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    }
    if (query.SignName !== signName) {
      return isv('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    }
    const other = options.templates?.[query.TemplateCode ?? ''];
    if (query.TemplateCode !== templateCode && !other) {
      return isv('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    }
    let params: unknown;
    try {
      params = JSON.parse(query.TemplateParam ?? '');
    } catch {
      params = undefined;
    }
    if (
      typeof params !== 'object' ||
      params === null ||
      Object.values(params).some((value) => typeof value !== 'string')
    ) {
      return isv('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    const values = params as Record<string, string>;
    for (const variable of other ?? [codeVariable, minutesVariable]) {
      if (variable && !values[variable]) {
        return isv('isv.TEMPLATE_MISSING_PARAMETERS', `模版变量缺少对应参数值: ${variable}`);
      }
    }
    return { params: values };
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/',
    handler: async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const rawQuery = request.raw.url?.split('?')[1] ?? '';
      const signedQuery = Object.fromEntries(new URLSearchParams(rawQuery));
      // An RPC call may carry its parameters as a form body instead, signed through its hash.
      const query = { ...Object.fromEntries(new URLSearchParams(body)), ...signedQuery };

      const refused = authenticate(request, signedQuery, body);
      if (refused) return refuse(reply, refused);
      for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode']) {
        if (!query[name]) {
          return refuse(reply, {
            status: 400,
            code: `Missing${name}`,
            message: `${name} is mandatory for this action.`,
          });
        }
      }
      const failure = failures.shift();
      if (failure) return answer(reply, { Code: failure.code, Message: failure.message });
      const checked = checkMessage(query);
      if ('refusal' in checked) {
        return answer(reply, { Code: checked.refusal.code, Message: checked.refusal.message });
      }
      const bizId = `${randomInt(100_000, 999_999)}${Date.now()}^0`;
      for (const phoneNumber of (query.PhoneNumbers ?? '').split(',')) {
        messages.push({
          phoneNumber,
          signName,
          templateCode: query.TemplateCode ?? '',
          params: checked.params,
          bizId,
          sentAt: new Date(),
        });
      }
      return answer(reply, { Code: 'OK', Message: 'OK', BizId: bizId });
    },
  });

  app.get('/__double/messages', async () => messages);
  app.post('/__double/fail-next', async (request) => {
    const { code, message } = (request.body ?? {}) as { code?: string; message?: string };
    if (!code) throw new Error('code is required');
    failures.push({ code, message: message ?? code });
    return { ok: true };
  });

  const baseUrl = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const config = {
    accessKeyId,
    accessKeySecret,
    signName,
    templateCode,
    codeVariable,
    ...(minutesVariable ? { minutesVariable } : {}),
    endpoint: baseUrl,
  };
  return {
    baseUrl,
    config,
    settings: {
      ALIYUN_SMS_ACCESS_KEY_ID: accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: signName,
      ALIYUN_SMS_TEMPLATE_CODE: templateCode,
      ALIYUN_SMS_CODE_VARIABLE: codeVariable,
      ...(minutesVariable ? { ALIYUN_SMS_MINUTES_VARIABLE: minutesVariable } : {}),
      ALIYUN_SMS_ENDPOINT: baseUrl,
    },
    messages,
    lastCode: (phoneNumber) =>
      messages.findLast(
        (m) => m.templateCode === templateCode && national(m.phoneNumber) === national(phoneNumber),
      )?.params[codeVariable],
    failNextSend: (code, message) => {
      failures.push({ code, message: message ?? code });
    },
    close: () => app.close(),
  };
}
