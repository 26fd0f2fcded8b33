import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseRefusal, isDatabaseUnavailable } from './pg-errors.js';

const withCode = (code: string, message = 'database error') =>
  Object.assign(new Error(message), { code });
const failedQuery = (cause: Error, params: unknown[] = []) =>
  new DrizzleQueryError('insert into "orders" ...', params, cause);

describe('isDatabaseUnavailable', () => {
  it('knows a database that is away, however the driver and drizzle wrap it', () => {
    const away = [
      withCode('08006', 'connection failure'),
      withCode('08001'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P02'),
      withCode('57P03', 'the database system is starting up'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET', 'read ECONNRESET'),
      withCode('ETIMEDOUT'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('Connection terminated'),
      }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      failedQuery(withCode('57P01')),
      failedQuery(new Error('Connection terminated unexpectedly')),
    ];
    for (const err of away) expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });

  it('leaves the request’s own faults and everything else alone', () => {
    const other = [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('23P01'),
      withCode('22P02', 'invalid input syntax for type uuid'),
      withCode('40P01', 'deadlock detected'),
      new Error('boom'),
      // The query's parameters are quoted in drizzle's message; they say nothing of the database.
      failedQuery(withCode('23505'), ['Connection terminated', 'not queryable']),
      'Connection terminated',
      null,
      undefined,
    ];
    for (const err of other) expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });
});

/** A driver error as drizzle hands it on: the PostgreSQL fields sit in `cause`. */
const wrapped = (code: string, constraint?: string) =>
  Object.assign(new Error('Failed query'), { cause: { code, constraint } });

describe('database errors caused by the request data', () => {
  it('turns a lost race for a unique user name, phone or e-mail into 409 DuplicateUser', () => {
    expect(databaseRefusal(wrapped('23505', 'users_tenant_user_name_unique'))).toEqual({
      statusCode: 409,
      code: 'Identity:DuplicateUser',
      message: 'DuplicateUserName',
    });
    expect(databaseRefusal(wrapped('23505', 'users_tenant_phone_unique'))?.message).toBe(
      'DuplicatePhone',
    );
    expect(databaseRefusal({ code: '23505', constraint: 'anything_else' })).toMatchObject({
      statusCode: 409,
      code: 'App:Conflict',
    });
  });

  it('turns a missing store or other reference into 400', () => {
    expect(
      databaseRefusal(wrapped('23503', 'small_equipment_stock_store_id_stores_id_fk')),
    ).toEqual({ statusCode: 400, code: 'Store:NotFound', message: 'StoreNotFound' });
    expect(databaseRefusal(wrapped('23503', 'orders_agent_id_users_id_fk'))?.code).toBe(
      'Identity:UserNotFound',
    );
    expect(databaseRefusal(wrapped('23503', 'x_y_fk'))).toMatchObject({
      statusCode: 400,
      message: 'ReferenceNotFound',
    });
  });

  it('turns data exceptions (out of range, bad characters, impossible dates) into 400', () => {
    for (const code of ['22003', '22021', '22008', '22P02', '22P05', '2201X', '54000', '23514']) {
      expect(databaseRefusal(wrapped(code))?.statusCode, code).toBe(400);
    }
  });

  it('turns a write rolled back for a deadlock or a serialization failure into 409', () => {
    for (const code of ['40P01', '40001']) {
      expect(databaseRefusal(wrapped(code)), code).toMatchObject({
        statusCode: 409,
        code: 'App:Conflict',
      });
    }
  });

  it('leaves connection trouble, shutdowns and bugs alone', () => {
    for (const code of ['08006', '08003', '57P01', '57P03', '42P01', 'ECONNREFUSED']) {
      expect(databaseRefusal(wrapped(code)), code).toBeUndefined();
    }
    expect(databaseRefusal(new Error('boom'))).toBeUndefined();
  });
});
