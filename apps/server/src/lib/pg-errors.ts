import { DrizzleQueryError } from 'drizzle-orm';
import { ErrorCode } from '@snowgear/contracts';
import type { MessageKey } from '@/lib/messages.js';

/** PostgreSQL error codes the services turn into business answers. */
export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';
/**
 * A deadlock (40P01) or serialization failure (40001) rolled the whole transaction back: nothing
 * of it was committed, so running it again is safe.
 */
export const RETRYABLE_TRANSACTION: ReadonlySet<string> = new Set(['40P01', '40001']);
const FOREIGN_KEY_VIOLATION = '23503';
const NOT_NULL_VIOLATION = '23502';
const CHECK_VIOLATION = '23514';
/** Class 22, data exceptions: numbers out of range, impossible dates, bad characters … */
const DATA_EXCEPTION_CLASS = '22';
/** e.g. a text too long for an index entry. */
const PROGRAM_LIMIT_EXCEEDED = '54000';

/** The SQLSTATE of a database error (drizzle wraps the driver's error in `cause`). */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
}

/** SQLSTATEs that say the database is away or refusing work for now, not that the request is wrong. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the connection was terminated (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '57014', // query_canceled: the statement time-out
  '53300', // too_many_connections
]);
/** The socket failed under the driver. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * The driver's own connection failures carry no code, only these words: a cut connection
 * ("Connection terminated unexpectedly", "... due to connection timeout"), a client that lost its
 * connection earlier in the transaction, the pool's wait for a free connection timing out, and
 * a statement that got no answer within the client's query time-out (a stalled network path).
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Query read timeout/;

/**
 * True when an error means the database cannot be reached or used right now (connection
 * exception class 08, a terminated or refused connection, a time-out): the caller should retry
 * later (503), nothing about the request itself was wrong. Looks through drizzle's and the pool's
 * wrapping `cause`s.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    // drizzle's wrapper quotes the query's parameters, which may be anyone's words.
    const quotesParameters = e instanceof DrizzleQueryError;
    if (!quotesParameters && typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) {
      return true;
    }
    e = cause;
  }
  return false;
}

function pgConstraint(err: unknown): string {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e.constraint ?? e.cause?.constraint ?? '';
}

export interface DatabaseRefusal {
  statusCode: 400 | 409;
  code: ErrorCode;
  message: MessageKey;
}

/** Unique constraints a caller can trip by racing another caller, and what to tell them. */
const UNIQUE: Record<string, Omit<DatabaseRefusal, 'statusCode'>> = {
  users_tenant_user_name_unique: { code: ErrorCode.DuplicateUser, message: 'DuplicateUserName' },
  users_tenant_email_unique: { code: ErrorCode.DuplicateUser, message: 'DuplicateEmail' },
  users_tenant_phone_unique: { code: ErrorCode.DuplicateUser, message: 'DuplicatePhone' },
  users_tenant_wechat_unique: {
    code: ErrorCode.WeChatAlreadyBound,
    message: 'WeChatAlreadyBound',
  },
  small_equipment_store_name_unique: {
    code: ErrorCode.Conflict,
    message: 'DuplicateSmallEquipment',
  },
};

/** Foreign keys by the table they point at (drizzle names them `<table>_<column>_<target>_<key>_fk`). */
const REFERENCED: [RegExp, Omit<DatabaseRefusal, 'statusCode'>][] = [
  [/_stores_id_fk$/, { code: ErrorCode.StoreNotFound, message: 'StoreNotFound' }],
  [/_users_id_fk$/, { code: ErrorCode.UserNotFound, message: 'UserNotFound' }],
  [/_equipment_id_fk$/, { code: ErrorCode.EquipmentNotFound, message: 'EquipmentNotFound' }],
  [
    /_equipment_categories_id_fk$/,
    { code: ErrorCode.CategoryNotFound, message: 'CategoryNotFound' },
  ],
];

/**
 * What a database error caused by the request's data means for the caller: a unique violation
 * is a conflict (two callers raced to create the same thing), a missing reference or a value the
 * column cannot hold is a bad request. Anything else — a bug, or the database being unavailable
 * (classes 08 and 57) — is not the caller's doing: undefined.
 */
export function databaseRefusal(err: unknown): DatabaseRefusal | undefined {
  const code = pgCode(err);
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  if (code === UNIQUE_VIOLATION) {
    const known = UNIQUE[pgConstraint(err)];
    return { statusCode: 409, ...(known ?? { code: ErrorCode.Conflict, message: 'Conflict' }) };
  }
  if (code === EXCLUSION_VIOLATION) {
    return { statusCode: 409, code: ErrorCode.Conflict, message: 'Conflict' };
  }
  // Two writers waited on each other and the database rolled this one back (nothing of it was
  // written). Writes to orders run again and then name the order's status (orders/order-lock.ts);
  // any other such write is told to refresh and try again.
  if (RETRYABLE_TRANSACTION.has(code)) {
    return { statusCode: 409, code: ErrorCode.Conflict, message: 'Conflict' };
  }
  if (code === FOREIGN_KEY_VIOLATION) {
    const constraint = pgConstraint(err);
    const known = REFERENCED.find(([pattern]) => pattern.test(constraint))?.[1];
    return {
      statusCode: 400,
      ...(known ?? { code: ErrorCode.Validation, message: 'ReferenceNotFound' }),
    };
  }
  if (
    code === NOT_NULL_VIOLATION ||
    code === CHECK_VIOLATION ||
    code === PROGRAM_LIMIT_EXCEEDED ||
    code.startsWith(DATA_EXCEPTION_CLASS)
  ) {
    return { statusCode: 400, code: ErrorCode.Validation, message: 'InvalidValue' };
  }
  return undefined;
}
