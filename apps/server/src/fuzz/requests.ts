import type { InjectOptions } from 'fastify';
import { multipart } from '@/modules/files/test-upload.js';
import {
  deepNesting,
  mutate,
  nastyText,
  nastyValue,
  pickId,
  plausible,
  queryText,
  type Generation,
  type JsonSchema,
  type Pools,
  type Random,
} from './generate.js';

/** One operation of the API, as read off the OpenAPI document. */
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** How the body travels. */
  kind: 'json' | 'multipart' | 'raw-text' | 'none';
}

interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

export function operationsOf(doc: unknown): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries((doc as OpenApi).paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        ...(body ? { body } : {}),
        // The upload reads its multipart body itself, so the document shows no schema for it.
        kind: path === '/api/files/upload' ? 'multipart' : body ? 'json' : 'none',
      });
    }
  }
  return ops;
}

const OUT_TRADE_NO = 'outTradeNo';

/**
 * Routes left out of the document (`hide: true`) are fuzzed too: the payment providers'
 * notifications take raw text (their signature covers the bytes as sent), and the sandbox
 * cashier takes plain HTML forms.
 */
export const HIDDEN_OPERATIONS: Operation[] = [
  {
    method: 'POST',
    path: '/api/payments/notify/{provider}',
    parameters: [
      {
        in: 'path',
        name: 'provider',
        required: true,
        schema: { enum: ['sandbox', 'wechatpay', 'alipay', 'nobody'] },
      },
    ],
    kind: 'raw-text',
  },
  ...['', '/pay', '/fail'].map((suffix): Operation => ({
    method: suffix ? 'POST' : 'GET',
    path: `/api/payments/sandbox/cashier/{outTradeNo}${suffix}`,
    parameters: [
      { in: 'path', name: 'outTradeNo', required: true, schema: { pattern: OUT_TRADE_NO } },
    ],
    kind: 'none',
  })),
];

/** Percent-encoding that also sends what encodeURIComponent refuses (unpaired surrogates). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const UPLOAD_FIELDS = [
  'fileName',
  'containerName',
  'businessType',
  'businessEntityId',
  'description',
  'tags',
  'isTemporary',
  'expirationHours',
  'overrideExisting',
];

function upload(rng: Random, pools: Pools): { payload: Buffer | string; contentType: string } {
  if (rng.chance(0.2)) {
    return {
      contentType: rng.pick([
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=x',
        'multipart/mixed',
      ]),
      payload: rng.pick(['', 'garbage', '--x\r\n\r\n']),
    };
  }
  const fields: Record<string, string> = {};
  for (const name of UPLOAD_FIELDS) {
    if (!rng.chance(0.4)) continue;
    fields[name] = rng.chance(0.5)
      ? rng.pick([
          'EquipmentImage',
          'images',
          'true',
          '24',
          'a.png',
          pickId(rng, pools, 'equipment'),
        ])
      : nastyText(rng);
  }
  const name = rng.chance(0.5) ? 'photo.png' : nastyText(rng).replace(/["\r\n]/g, '');
  const bytes = rng.pick([PNG, PDF, Buffer.from('not a file'), Buffer.alloc(0)]);
  const body = multipart(fields, { name, bytes, type: 'image/png' });
  // Now and then cut short, as a dropped connection would.
  const payload = rng.chance(0.1)
    ? body.payload.subarray(0, body.payload.length - 20)
    : body.payload;
  return { payload, contentType: body.contentType };
}

/** Payloads that are not what a JSON route reads. */
function oddBody(rng: Random, body: unknown): [contentType: string, payload: string] {
  const json = JSON.stringify(body ?? {});
  return rng.pick<[string, string]>([
    ['text/plain', json],
    ['multipart/form-data', '--x\r\n'],
    ['application/json', '{"unterminated": '],
    ['application/json', ''],
    ['application/json', '['.repeat(20_000) + ']'.repeat(20_000)],
    ['application/x-www-form-urlencoded', 'a=1&b=%00'],
    ['application/json; charset=utf-16', json],
    ['application/json', `\ufeff${json}`],
  ]);
}

/**
 * One request to `op`: plausible input read off the schemas, then — most of the time —
 * something wrong with it: a field replaced by a malformed value, a body of the wrong shape or
 * content type, bad path or query values, repeated or undeclared query keys.
 */
/** A request as the fuzz test sends it (and reports it when the answer is a 5xx). */
export type FuzzRequest = InjectOptions & {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/**
 * The same address under a spelling the router would read as the same route (encoded letters,
 * doubled slashes, another case): the server must send it to the canonical one or refuse it,
 * never answer it itself (plugins/canonical-path.ts).
 */
export function respell(rng: Random, url: string): string {
  const rest = url.slice('/api'.length);
  return rng.pick([
    `/%61pi${rest}`,
    `/a%70%69${rest}`,
    `//api${rest}`,
    `/api/${rest}`,
    `/API${rest}`,
    `/Api${rest}`,
    `/api${rest.replace(/^\/([a-z])/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`)}`,
  ]);
}

export function requestFor(rng: Random, op: Operation, pools: Pools, anchor: number): FuzzRequest {
  const mode = rng.next();
  const g: Generation = { rng, pools, anchor, path: op.path, clean: rng.chance(0.5) };
  let path = op.path;
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    let value: string;
    if (mode > 0.85 && rng.chance(0.5)) {
      value = encode(rng.chance(0.1) ? 'x'.repeat(300) : nastyText(rng));
    } else if (p.schema.pattern === OUT_TRADE_NO) {
      value = encode(
        rng.chance(0.8) && pools.outTradeNos.length > 0
          ? rng.pick(pools.outTradeNos)
          : queryText(nastyValue(rng, pools)),
      );
    } else {
      value = encode(queryText(plausible(g, p.schema, p.name)));
    }
    path = path.replace(
      `{${p.name}}`,
      rng.chance(0.01) ? rng.pick(['%00', '%E0%A4%A', '..%2F']) : value,
    );
  }

  const queryParameters = op.parameters.filter((p) => p.in === 'query');
  const values = plausible(g, {
    type: 'object',
    properties: Object.fromEntries(queryParameters.map((p) => [p.name, p.schema])),
    required: queryParameters.filter((p) => p.required).map((p) => p.name),
  }) as Record<string, unknown>;
  const query = Object.entries(values).map(([k, v]): [string, string] => [k, queryText(v)]);
  if (mode > 0.7 && mode <= 0.85) {
    const target = query.length > 0 && rng.chance(0.7) ? rng.pick(query) : undefined;
    if (target) target[1] = queryText(nastyValue(rng, pools));
    if (target && rng.chance(0.3)) query.push([target[0], nastyText(rng)]);
    if (rng.chance(0.3)) {
      const key = rng.pick(['_t', 'attr.x', `attr.${pickId(rng, pools, 'attribute')}`, '\u0000']);
      query.push([key, nastyText(rng)]);
    }
  }
  const url = query.length
    ? `${path}?${query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`
    : path;
  const request: FuzzRequest = { method: op.method, url, headers: {} };

  if (op.kind === 'multipart') {
    const { payload, contentType } = upload(rng, pools);
    request.headers['content-type'] = contentType;
    request.payload = payload;
    return request;
  }
  if (op.kind === 'raw-text') {
    request.headers['content-type'] = rng.pick([
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
    ]);
    request.payload = rng.pick([
      JSON.stringify({
        out_trade_no:
          rng.chance(0.5) && pools.outTradeNos.length ? rng.pick(pools.outTradeNos) : 'x',
        trade_no: 'T1',
        state: rng.pick(['succeeded', 'failed', '\u202e']),
        amount_fen: rng.pick([1, -1, 1e12, '1']),
      }),
      JSON.stringify(nastyValue(rng, pools)),
      nastyText(rng),
      'out_trade_no=%00&trade_status=TRADE_SUCCESS&total_amount=1e309',
    ]);
    return request;
  }
  if (op.method === 'GET' || op.method === 'DELETE' || (!op.body && rng.chance(0.7))) {
    return request;
  }

  let body: unknown = op.body ? plausible(g, op.body) : undefined;
  if (mode > 0.25 && mode <= 0.6) {
    body = mutate(rng, body, pools);
    if (rng.chance(0.3)) body = mutate(rng, body, pools);
  } else if (mode > 0.6 && mode <= 0.7) {
    body = nastyValue(rng, pools);
  }
  if (mode > 0.85 && rng.chance(0.6)) {
    const [contentType, payload] = oddBody(rng, body);
    request.headers['content-type'] = contentType;
    request.payload = payload;
    return request;
  }
  if (body === undefined) return request;
  request.headers['content-type'] = 'application/json';
  request.payload = JSON.stringify(rng.chance(0.03) ? deepNesting(1500, false) : body);
  return request;
}
