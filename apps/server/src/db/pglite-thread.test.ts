import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_TENANT_ID } from '@snowgear/contracts';
import { pgCode, UNIQUE_VIOLATION } from '@/lib/pg-errors.js';
import { createTestApp, signIn, verificationHeaders, type TestApp } from '@/testing/index.js';
import { openDatabase, type DatabaseHandle } from './client.js';

const limits = {
  DATABASE_POOL_SIZE: 1,
  DATABASE_CONNECTION_TIMEOUT_MS: 5000,
  DATABASE_STATEMENT_TIMEOUT_MS: 5000,
  DATABASE_QUERY_TIMEOUT_MS: 5000,
};

/** A query that keeps PGlite busy for a good while (a good part of a second on these machines). */
const SLOW = sql`select count(*) from generate_series(1, 1500000) as g(n) where n % 7 = 3`;

/**
 * Whether a timer set for 10 ms fires before a slow query ends: only when the query does not run
 * on the server's own thread.
 */
async function timerBeatsSlowQuery(database: DatabaseHandle): Promise<boolean> {
  const order: string[] = [];
  const query = database.db.execute(SLOW).then(() => order.push('query'));
  const timer = new Promise<void>((done) =>
    setTimeout(() => {
      order.push('timer');
      done();
    }, 10),
  );
  await Promise.all([query, timer]);
  return order[0] === 'timer';
}

describe('the embedded database in a thread of its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Migrated and seeded with the demo data through the thread, as `npm start` does.
    t = await createTestApp({ embeddedThread: true });
  });
  afterAll(() => t.close());

  it('serves the API as the database on the server thread does', async () => {
    const csrf = await verificationHeaders(t.app);
    const { employee } = await signIn(t.app, csrf, ['employee']);
    const res = await t.app.inject({
      url: '/api/app/equipment?maxResultCount=5',
      headers: { authorization: `Bearer ${employee}`, __tenant: HOST_TENANT_ID },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: unknown[] }>().items).toHaveLength(5);
  });

  it('commits a transaction, rolls one back, and hands on the database’s error codes', async () => {
    const { db } = t.database;
    await db.execute(sql`create table thread_check (name text primary key)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_check values ('kept')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_check values ('dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const duplicate = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_check values ('kept')`);
      })
      .catch((error: unknown) => error);
    expect(pgCode(duplicate)).toBe(UNIQUE_VIOLATION);
    const result: unknown = await db.execute(sql`select name from thread_check`);
    expect((result as { rows: unknown[] }).rows).toEqual([{ name: 'kept' }]);
  });

  it('keeps a small page cache, as EMBEDDED_DB_BUFFERS_MB says, in the thread and on this one', async () => {
    const buffers = async (database: DatabaseHandle) => {
      const result: unknown = await database.db.execute(sql`show shared_buffers`);
      return (result as { rows: unknown[] }).rows[0];
    };
    // PostgreSQL's own default (128MB) held most of an idle server's memory.
    expect(await buffers(t.database)).toEqual({ shared_buffers: '16MB' });
    const threaded = await openDatabase({ limits, embeddedThread: true, embeddedBuffersMb: 24 });
    const local = await openDatabase({ limits, embeddedBuffersMb: 8 });
    try {
      expect(await buffers(threaded)).toEqual({ shared_buffers: '24MB' });
      expect(await buffers(local)).toEqual({ shared_buffers: '8MB' });
    } finally {
      await threaded.close();
      await local.close();
    }
    // Two databases opened from nothing: seconds on a quiet machine, far more on a busy one.
  }, 120_000);

  it('leaves the server’s thread free while a slow query runs; on the same thread it would not', async () => {
    expect(await timerBeatsSlowQuery(t.database)).toBe(true);

    const local = await openDatabase({ limits });
    try {
      expect(await timerBeatsSlowQuery(local)).toBe(false);
    } finally {
      await local.close();
    }
    // A database opened from nothing: as slow as the machine is busy.
  }, 120_000);
});
