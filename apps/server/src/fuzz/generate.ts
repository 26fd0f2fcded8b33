/**
 * Request generation for the fuzz test: plausible values read off the OpenAPI document's JSON
 * schemas (so validation passes often enough to reach the services), and the malformed values
 * that replace them. Everything comes from one seeded generator, so a run can be repeated.
 */

/** The parts of a JSON schema (as the OpenAPI document holds them) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** mulberry32: small, fast and good enough to pick test values. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  uuid(): string {
    const hex = () => this.int(0, 15).toString(16);
    const group = (n: number) => Array.from({ length: n }, hex).join('');
    return `${group(8)}-${group(4)}-4${group(3)}-${this.pick(['8', '9', 'a', 'b'])}${group(3)}-${group(12)}`;
  }
}

export type IdKind =
  | 'store'
  | 'equipment'
  | 'category'
  | 'attribute'
  | 'order'
  | 'orderItem'
  | 'bill'
  | 'payment'
  | 'file'
  | 'smallEquipment'
  | 'help'
  | 'unavailableTime'
  | 'user';

/** Real values of the database under test, so ids and codes point at something often enough. */
export interface Pools {
  ids: Record<IdKind, string[]>;
  barcodes: string[];
  orderNumbers: string[];
  outTradeNos: string[];
}

/** The kind of id a field or path most likely takes, from its name and the path around it. */
function idKindOf(key: string, path = ''): IdKind | undefined {
  const name =
    key === 'id'
      ? (/\/api\/(?:app\/)?([a-z-]+)(?:\/([a-z-]+))?/.exec(path)?.slice(1).join('/') ?? '')
      : key;
  const rules: [RegExp, IdKind][] = [
    [/orderitem/i, 'orderItem'],
    [/small-equipment|smallequipment/i, 'smallEquipment'],
    [/unavailable-time/i, 'unavailableTime'],
    [/attribute/i, 'attribute'],
    [/inventory-summary|store/i, 'store'],
    [/categor/i, 'category'],
    [/bill/i, 'bill'],
    [/payment/i, 'payment'],
    [/file/i, 'file'],
    [/help/i, 'help'],
    [/employee|agent|customer|user/i, 'user'],
    [/order/i, 'order'],
    [/equipment/i, 'equipment'],
  ];
  return rules.find(([pattern]) => pattern.test(name))?.[1];
}

/** An id of the kind the field takes most of the time, of any kind or of nothing otherwise. */
export function pickId(rng: Random, pools: Pools, kind: IdKind | undefined): string {
  const right = kind ? pools.ids[kind] : [];
  const any = Object.values(pools.ids).flat();
  const roll = rng.next();
  if (roll < 0.8 && right.length > 0) return rng.pick(right);
  if (roll < 0.92 && any.length > 0) return rng.pick(any);
  return rng.uuid();
}

const DAY = 86_400_000;

/** Text that must never be stored as it is, or that has broken servers before. */
const NASTY_TEXT: readonly string[] = [
  '',
  ' ',
  '   \t ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\u0001\u0002\u001f',
  '\u007f\u0085\u009f',
  '\u200b',
  '\u200b\u200c\u200d\u2060\ufeff',
  '\u00ad',
  '\u3164',
  '\u2800\u2800',
  '\u115f\u1160',
  '\u202eevil\u202c',
  '\u2066名字\u2069',
  '\u202a\u202b\u202d',
  'a\nb',
  'line\r\nbreak',
  '\u2028\u2029',
  'tab\there',
  '\ud800',
  'x\udfffy',
  '😀👨‍👩‍👧‍👦',
  '张三'.repeat(30),
  'A'.repeat(10_000),
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '0x10',
  '1e309',
  '-1',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  'null',
  'true',
  '{}',
  '[]',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '-000001-01-01T00:00:00Z',
  '2027-02-30',
  '0000-01-01',
  '9999-12-31',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '2024-01-01',
  '+86 138 0013 8000',
  '__proto__',
  'constructor',
];

/** Characters that break storage or display, slipped into ordinary text. */
const BAD_CHARACTERS: readonly string[] = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u200f',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\n',
  '\r',
  '\t',
  '\u2028',
  '\ud800',
];

/** Text that is wrong: a catalogued nasty string, or ordinary text with a bad character inside. */
export function nastyText(rng: Random): string {
  if (rng.chance(0.4)) return rng.pick(NASTY_TEXT);
  const plain = rng.pick(PLAIN_TEXT);
  const at = rng.int(0, plain.length);
  return plain.slice(0, at) + rng.pick(BAD_CHARACTERS) + plain.slice(at);
}

const NASTY_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  -0.5,
  0.001,
  1.005,
  1e-10,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  123456789012,
  999_999.99,
  1_000_000,
  21_474_836.48,
];

/** Any JSON value of the wrong kind, or of the right kind at a size nothing expects. */
export function nastyValue(rng: Random, pools: Pools): unknown {
  switch (rng.int(0, 12)) {
    case 0:
    case 1:
    case 2:
      return nastyText(rng);
    case 3:
    case 4:
      return rng.pick(NASTY_NUMBERS);
    case 5:
      return rng.pick([null, true, false]);
    case 6:
      return rng.pick([[], {}, [null], [{}], { a: 1 }, ['\u0000']]);
    case 7:
      // Numbers as strings.
      return String(rng.pick(NASTY_NUMBERS));
    case 8:
      return pickId(rng, pools, undefined);
    case 9:
      return deepNesting(rng.int(50, 1200), rng.chance(0.5));
    case 10: {
      // One id among them: an id for each element took a twelfth of the whole run.
      const id = rng.uuid();
      return Array.from({ length: rng.pick([100, 1000, 5000]) }, () =>
        rng.pick(['a', 1, null, id]),
      );
    }
    case 11:
      return rng.pick(['2027-01-01T00:00:00Z', '2027-01-01', '12.5', '1', '']);
    default:
      return nastyText(rng) + nastyText(rng);
  }
}

export function deepNesting(depth: number, arrays: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
}

const PLAIN_TEXT: readonly string[] = [
  '王五',
  '张三',
  'Anna Schmidt',
  '滑雪板',
  '双板',
  'Burton',
  '万龙雪场 3 号楼',
  '损坏',
  'ok',
  '测试备注',
  'Size 42',
];

/** What generation of one request needs besides the schema. */
export interface Generation {
  rng: Random;
  pools: Pools;
  /** Booked dates fall a few days after this (epoch ms). */
  anchor: number;
  /** The operation's path, which tells what an `id` names. */
  path: string;
  /** Ordinary text only, so that a single malformed value is what the request gets wrong. */
  clean: boolean;
}

/** Dates near the anchor; an object's end follows its start (see `alignRange`). */
function nearDate(g: Generation): string {
  return new Date(g.anchor + g.rng.int(0, 20) * DAY + g.rng.int(0, 23) * 3_600_000).toISOString();
}

const isStart = (key: string) => /start|from/i.test(key);
const isEnd = (key: string) => /end|to$/i.test(key);

/** Ranges that mostly make sense: the end a few days after the start, now and then a year. */
function alignRange(g: Generation, out: Record<string, unknown>) {
  const keys = Object.keys(out);
  const start = keys.find((k) => isStart(k) && typeof out[k] === 'string');
  const end = keys.find((k) => isEnd(k) && typeof out[k] === 'string');
  if (!start || !end) return;
  const from = Date.parse(out[start] as string);
  if (Number.isNaN(from)) return;
  const days = g.rng.chance(0.1) ? g.rng.int(300, 400) : g.rng.int(1, 6);
  const to = new Date(from + days * DAY).toISOString();
  out[end] = (out[start] as string).length === 10 ? to.slice(0, 10) : to;
}

function plausibleString(g: Generation, schema: JsonSchema, key: string): string {
  const { rng, pools } = g;
  if (schema.format === 'uuid') return pickId(rng, pools, idKindOf(key, g.path));
  if (schema.format === 'date-time') return nearDate(g);
  if (schema.format === 'date') return nearDate(g).slice(0, 10);
  if (schema.format === 'email') return `fuzz${rng.int(0, 99_999)}@example.com`;
  if (schema.format === 'uri') return 'https://example.com/callback';
  if (/phone/i.test(key)) {
    return rng.pick([`13${rng.int(100_000_000, 999_999_999)}`, '010-12345678', '13800138000']);
  }
  if (/barcode|^sn$/i.test(key)) return rng.pick(pools.barcodes);
  if (/ordernumber/i.test(key)) return rng.pick(pools.orderNumbers);
  if (/password/i.test(key)) return rng.pick(['Fuzz-1234a', 'wrong']);
  if (/^username/i.test(key)) return `fz${rng.int(0, 99_999)}`;
  if (/returnpath/i.test(key)) return '/pay/result';
  if (schema.pattern?.startsWith('^\\d{1,2}(,')) return rng.pick(['0', '1,11', '5,7,8']);
  // Numbers that may come as text: plain decimals.
  if (schema.pattern?.startsWith('^\\d{1,') || schema.pattern?.startsWith('^-?\\d{1,')) {
    return String(rng.int(0, 300));
  }
  if (schema.pattern === '^([01]\\d|2[0-3]):[0-5]\\d$') return '09:30';
  const text = g.clean || rng.chance(0.7) ? rng.pick(PLAIN_TEXT) : nastyText(rng);
  const max = schema.maxLength ?? 10_000;
  return text.length > max ? text.slice(0, max) : text;
}

function plausibleNumber(rng: Random, schema: JsonSchema, integer: boolean): number {
  const min = schema.minimum ?? 0;
  const max = Math.min(schema.maximum ?? 10_000, min + 10_000);
  if (rng.chance(0.15)) return schema.maximum ?? max;
  const n = min + rng.next() * (max - min);
  return integer ? Math.floor(n) : Math.round(n * 100) / 100;
}

/** A value that matches `schema` as far as the generator can tell (texts may still be nasty). */
export function plausible(
  g: Generation,
  schema: JsonSchema | undefined,
  key = '',
  depth = 0,
): unknown {
  const { rng } = g;
  if (!schema || depth > 8) return null;
  if (schema.enum) return rng.pick(schema.enum);
  if (schema.const !== undefined) return schema.const;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return plausible(g, rng.pick(options), key, depth + 1);
  if (schema.allOf?.[0]) return plausible(g, schema.allOf[0], key, depth + 1);
  const type = (Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type) ?? '';
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || rng.chance(0.6)) {
          out[name] = plausible(g, property, name, depth + 1);
        }
      }
      alignRange(g, out);
      return out;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 3, min + 3);
      return Array.from({ length: rng.int(min, Math.max(min, max)) }, () =>
        plausible(g, schema.items, key, depth + 1),
      );
    }
    case 'string':
      return plausibleString(g, schema, key);
    case 'integer':
      return plausibleNumber(rng, schema, true);
    case 'number':
      return plausibleNumber(rng, schema, false);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    default:
      return rng.pick(PLAIN_TEXT);
  }
}

/** The same value with one node somewhere inside replaced by a nasty one. */
export function mutate(rng: Random, value: unknown, pools: Pools): unknown {
  if (value === null || typeof value !== 'object' || rng.chance(0.15)) {
    return nastyValue(rng, pools);
  }
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    if (copy.length === 0 || rng.chance(0.1)) return [...copy, nastyValue(rng, pools)];
    const i = rng.int(0, copy.length - 1);
    copy[i] = mutate(rng, copy[i], pools);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || rng.chance(0.08)) {
    copy[rng.pick(['__proto__', 'constructor', '\u0000', 'extra', '\u202ekey'])] = nastyValue(
      rng,
      pools,
    );
    return copy;
  }
  const key = rng.pick(keys);
  if (rng.chance(0.1)) delete copy[key];
  else copy[key] = mutate(rng, copy[key], pools);
  return copy;
}

/** A query or path value as text: the plausible one, or something malformed. */
export function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === undefined ? '' : JSON.stringify(value);
}
