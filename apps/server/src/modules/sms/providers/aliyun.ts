import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  SmsProviderError,
  type SmsProvider,
  type SmsSendResult,
  type TemplatedMessage,
  type VerificationCodeMessage,
} from '../provider.js';
import { isMainlandNumber } from '@snowgear/contracts';
import { requestProviderJson, SMS_TIMEOUT_MS, SmsTransportErrors, stringField } from './http.js';

/**
 * Aliyun SMS (dysmsapi, API version 2017-05-25), action SendSms, signed with Aliyun's V3 request
 * signature, ACS3-HMAC-SHA256 ("V3 request structure and signature",
 * https://www.alibabacloud.com/help/en/sdk/product-overview/v3-request-structure-and-signature).
 *
 * Written against the documented protocol with node:crypto and fetch rather than the official
 * @alicloud/dysmsapi20170525: that SDK brings about seventy packages (a WebSocket client, SOCKS
 * and HTTP proxy agents, an XML parser, moment-timezone, lodash, two copies of @types/node)
 * and an install script, for one signed request.
 */
export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature, e.g. 雪具租赁. */
  signName: string;
  /** The approved verification-code template, e.g. SMS_123456789. */
  templateCode: string;
  /**
   * The approved international verification-code template (Aliyun keeps domestic and
   * international/HK-Macao-Taiwan templates apart), with the same variables; without it, codes go
   * to mainland numbers only.
   */
  internationalTemplateCode?: string | undefined;
  /** The template's variable for the code (`${code}`). */
  codeVariable: string;
  /** The template's variable for the minutes the code stays valid, if it has one. */
  minutesVariable?: string | undefined;
  /** https://dysmsapi.aliyuncs.com in production. */
  endpoint: string;
  timeoutMs?: number;
}

const ALGORITHM = 'ACS3-HMAC-SHA256';
const ACTION = 'SendSms';
const VERSION = '2017-05-25';

/** RFC 3986, as ACS3 wants it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export const percentEncode = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Sorted `name=value` pairs, both percent-encoded: the canonical query string and the one sent. */
export const canonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');

/**
 * The ACS3 signature of a request: every header given is signed (names in lower case), the
 * payload hash is the x-acs-content-sha256 header.
 */
export function acs3Signature(
  secret: string,
  request: {
    method: string;
    path: string;
    query: Record<string, string>;
    headers: Record<string, string>;
  },
): { signedHeaders: string; signature: string } {
  const names = Object.keys(request.headers).sort();
  const canonicalRequest = [
    request.method,
    request.path,
    canonicalQuery(request.query),
    names.map((name) => `${name}:${(request.headers[name] ?? '').trim()}\n`).join(''),
    names.join(';'),
    request.headers['x-acs-content-sha256'] ?? sha256Hex(''),
  ].join('\n');
  const stringToSign = `${ALGORITHM}\n${sha256Hex(canonicalRequest)}`;
  return {
    signedHeaders: names.join(';'),
    signature: createHmac('sha256', secret).update(stringToSign, 'utf8').digest('hex'),
  };
}

/** The template and its variables, as Aliyun's TemplateCode and TemplateParam JSON. */
function template(
  config: AliyunSmsConfig,
  message: VerificationCodeMessage | TemplatedMessage,
): { code: string; param: string } {
  // Aliyun takes string values only ({"code":123456} is isv.INVALID_JSON_PARAM).
  if ('templateId' in message) {
    return {
      code: message.templateId,
      param: JSON.stringify(Object.fromEntries(message.params.map((p) => [p.name, p.value]))),
    };
  }
  const values: Record<string, string> = { [config.codeVariable]: message.code };
  if (config.minutesVariable) values[config.minutesVariable] = String(message.validMinutes);
  const code = isMainlandNumber(message.phoneNumber)
    ? config.templateCode
    : (config.internationalTemplateCode ?? '');
  return { code, param: JSON.stringify(values) };
}

/**
 * The signed SendSms request: an RPC call, its parameters in the query string and no body, as
 * the official SDK sends it.
 */
export function signedSendSmsRequest(
  config: AliyunSmsConfig,
  message: VerificationCodeMessage | TemplatedMessage,
  now = new Date(),
  nonce = randomBytes(16).toString('hex'),
): { url: string; method: 'POST'; headers: Record<string, string> } {
  const endpoint = new URL(config.endpoint);
  const { code, param } = template(config, message);
  const query = {
    // Mainland numbers as 11 digits; international ones as country code and number, no '+'.
    PhoneNumbers: message.phoneNumber.replace(/^\+/, ''),
    SignName: config.signName,
    TemplateCode: code,
    TemplateParam: param,
  };
  const headers = {
    // fetch sends this Host itself, port included when it is not the default.
    host: endpoint.host,
    'x-acs-action': ACTION,
    'x-acs-version': VERSION,
    'x-acs-date': now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    'x-acs-signature-nonce': nonce,
    'x-acs-content-sha256': sha256Hex(''),
  };
  const { signedHeaders, signature } = acs3Signature(config.accessKeySecret, {
    method: 'POST',
    path: '/',
    query,
    headers,
  });
  const { host: _host, ...sent } = headers;
  return {
    url: `${endpoint.origin}/?${canonicalQuery(query)}`,
    method: 'POST',
    headers: {
      ...sent,
      accept: 'application/json',
      authorization: `${ALGORITHM} Credential=${config.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`,
    },
  };
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun' as const;
  readonly sendsInternational: boolean;
  // Private so that logging or serialising the provider never shows the secret.
  readonly #config: AliyunSmsConfig;

  constructor(config: AliyunSmsConfig) {
    this.#config = config;
    this.sendsInternational = !!config.internationalTemplateCode;
  }

  sendVerificationCode(message: VerificationCodeMessage): Promise<SmsSendResult> {
    return this.#send(message);
  }

  sendTemplated(message: TemplatedMessage): Promise<SmsSendResult> {
    return this.#send(message);
  }

  async #send(message: VerificationCodeMessage | TemplatedMessage): Promise<SmsSendResult> {
    const { url, ...init } = signedSendSmsRequest(this.#config, message);
    const { status, body } = await requestProviderJson(
      'Aliyun SMS',
      url,
      init,
      this.#config.timeoutMs ?? SMS_TIMEOUT_MS,
    );
    // Business refusals (isv.*) come with HTTP 200, gateway ones (SignatureDoesNotMatch …) with
    // 4xx; both carry Code and Message.
    const code = stringField(body, 'Code');
    if (code === 'OK') return { providerMessageId: stringField(body, 'BizId') };
    if (!code) {
      throw new SmsProviderError(
        `Aliyun SMS answered HTTP ${status} without a Code`,
        SmsTransportErrors.invalidResponse,
      );
    }
    const requestId = stringField(body, 'RequestId');
    throw new SmsProviderError(
      `Aliyun SMS refused the message: ${code} ${stringField(body, 'Message') ?? ''}` +
        (requestId ? ` (request ${requestId})` : ''),
      code,
    );
  }
}
