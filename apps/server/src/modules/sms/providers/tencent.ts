import { createHash, createHmac } from 'node:crypto';
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
 * Tencent Cloud SMS, API 2021-01-11, action SendSms, signed with TC3-HMAC-SHA256 (Tencent Cloud
 * API 3.0 "Signature v3"; SendSms: https://cloud.tencent.com/document/api/382/55981, error
 * codes: https://cloud.tencent.com/document/api/382/52075).
 *
 * Written against the documented protocol with node:crypto and fetch rather than the official
 * tencentcloud-sdk-nodejs-sms: that SDK takes the signature's service name from the first label
 * of the endpoint's host name and signs the host without its port, so pointed at anything but
 * sms.tencentcloudapi.com (a local double on 127.0.0.1:<port>) it signs a request Tencent would
 * refuse, and our tests could not check the signature production sends.
 */
export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  /** The SMS application, e.g. 1400006666. */
  sdkAppId: string;
  /** The approved signature, e.g. 雪具租赁. */
  signName: string;
  /** The approved verification-code template's id. */
  templateId: string;
  /**
   * The approved international/HK-Macao-Taiwan verification-code template's id (Tencent sends
   * only those to numbers outside the mainland), with the same variables; without it, codes go to
   * mainland numbers only.
   */
  internationalTemplateId?: string | undefined;
  /**
   * The approved international signature, if the account has one; Tencent requires a signature
   * only for domestic texts, so international ones are sent without when it is not set.
   */
  internationalSignName?: string | undefined;
  /** The template has a second variable, {2}, for the minutes the code stays valid. */
  templateWithMinutes: boolean;
  /** ap-guangzhou by default. */
  region: string;
  /** https://sms.tencentcloudapi.com in production. */
  endpoint: string;
  timeoutMs?: number;
}

const ALGORITHM = 'TC3-HMAC-SHA256';
const SERVICE = 'sms';
const ACTION = 'SendSms';
const VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text, 'utf8').digest();

/** The UTC day of a Unix timestamp, as the credential scope names it. */
export const tc3Date = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10);

/**
 * The TC3 signature of a POST with a JSON body: every header given is signed, names and values in
 * lower case; the key is derived from the secret through the day, the service and 'tc3_request'.
 */
export function tc3Signature(
  secretKey: string,
  request: {
    headers: Record<string, string>;
    body: string;
    timestamp: number;
    service: string;
  },
): { signedHeaders: string; signature: string; scope: string } {
  const names = Object.keys(request.headers)
    .map((name) => name.toLowerCase())
    .sort();
  const value = (name: string) =>
    (Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1] ?? '')
      .trim()
      .toLowerCase();
  const canonicalRequest = [
    'POST',
    '/',
    '',
    names.map((name) => `${name}:${value(name)}\n`).join(''),
    names.join(';'),
    sha256Hex(request.body),
  ].join('\n');
  const date = tc3Date(request.timestamp);
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = `${ALGORITHM}\n${request.timestamp}\n${scope}\n${sha256Hex(canonicalRequest)}`;
  const key = hmac(hmac(hmac(`TC3${secretKey}`, date), request.service), 'tc3_request');
  return {
    signedHeaders: names.join(';'),
    scope,
    signature: createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex'),
  };
}

/** The signed SendSms request: JSON body, common parameters in X-TC-* headers. */
export function signedSendSmsRequest(
  config: TencentSmsConfig,
  message: VerificationCodeMessage | TemplatedMessage,
  now = new Date(),
): { url: string; method: 'POST'; headers: Record<string, string>; body: string } {
  const endpoint = new URL(config.endpoint);
  const timestamp = Math.floor(now.getTime() / 1000);
  const mainland = isMainlandNumber(message.phoneNumber);
  const signName = mainland ? config.signName : config.internationalSignName;
  const body = JSON.stringify({
    // E.164; mainland numbers are kept without their +86.
    PhoneNumberSet: [mainland ? `+86${message.phoneNumber}` : message.phoneNumber],
    SmsSdkAppId: config.sdkAppId,
    ...(signName ? { SignName: signName } : {}),
    ...('templateId' in message
      ? // Tencent's variables are positional: {1} is the first, whatever its name.
        { TemplateId: message.templateId, TemplateParamSet: message.params.map((p) => p.value) }
      : {
          TemplateId: mainland ? config.templateId : (config.internationalTemplateId ?? ''),
          TemplateParamSet: config.templateWithMinutes
            ? [message.code, String(message.validMinutes)]
            : [message.code],
        }),
  });
  // The action is signed too, so a signed request cannot be replayed as another action.
  const signed = {
    'content-type': CONTENT_TYPE,
    // fetch sends this Host itself, port included when it is not the default.
    host: endpoint.host,
    'x-tc-action': ACTION,
  };
  const { signedHeaders, signature, scope } = tc3Signature(config.secretKey, {
    headers: signed,
    body,
    timestamp,
    service: SERVICE,
  });
  const { host: _host, ...sent } = signed;
  return {
    url: `${endpoint.origin}/`,
    method: 'POST',
    headers: {
      ...sent,
      'x-tc-version': VERSION,
      'x-tc-region': config.region,
      'x-tc-timestamp': String(timestamp),
      authorization: `${ALGORITHM} Credential=${config.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    },
    body,
  };
}

function refusal(error: { code: string; message?: string | undefined }, requestId?: string) {
  return new SmsProviderError(
    `Tencent Cloud SMS refused the message: ${error.code} ${error.message ?? ''}` +
      (requestId ? ` (request ${requestId})` : ''),
    error.code,
  );
}

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent' as const;
  readonly sendsInternational: boolean;
  // Private so that logging or serialising the provider never shows the secret.
  readonly #config: TencentSmsConfig;

  constructor(config: TencentSmsConfig) {
    this.#config = config;
    this.sendsInternational = !!config.internationalTemplateId;
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
      'Tencent Cloud SMS',
      url,
      init,
      this.#config.timeoutMs ?? SMS_TIMEOUT_MS,
    );
    const response = (body as { Response?: unknown } | null)?.Response;
    const requestId = stringField(response, 'RequestId');
    // A refused request (signature, application, template …) answers Response.Error.
    const error = (response as { Error?: unknown } | undefined)?.Error;
    const errorCode = stringField(error, 'Code');
    if (errorCode)
      throw refusal({ code: errorCode, message: stringField(error, 'Message') }, requestId);
    // An accepted request answers one status per number: the number's own limits show there.
    const statuses = (response as { SendStatusSet?: unknown } | undefined)?.SendStatusSet;
    const first: unknown = Array.isArray(statuses) ? statuses[0] : undefined;
    const code = stringField(first, 'Code');
    if (code === 'Ok') return { providerMessageId: stringField(first, 'SerialNo') };
    if (!code) {
      throw new SmsProviderError(
        `Tencent Cloud SMS answered HTTP ${status} without a send status`,
        SmsTransportErrors.invalidResponse,
      );
    }
    throw refusal({ code, message: stringField(first, 'Message') }, requestId);
  }
}
