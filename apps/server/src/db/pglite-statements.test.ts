import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pglite-statements.mjs';

describe('PGlite queries on named statements', () => {
  let pglite: PGlite;
  let db: ReturnType<typeof withNamedStatements>;
  /** The statements PGlite holds parsed, by text. */
  const held = async () =>
    (
      await pglite.query<{ statement: string }>(
        'select statement from pg_prepared_statements order by prepare_time',
      )
    ).rows.map((r) => r.statement);

  beforeAll(async () => {
    pglite = await PGlite.create();
    db = withNamedStatements(pglite);
    await pglite.exec(`
      create table gear (id uuid primary key, code text unique not null, sizes int[],
        at timestamptz, spec jsonb, note text);
    `);
  });
  afterAll(() => pglite.close());

  it('answers as PGlite itself does, with parameters of every kind', async () => {
    const id = '6f1c2b8e-4a7d-4f3e-9b1a-2c3d4e5f6a7b';
    const insert =
      'insert into gear (id, code, sizes, at, spec, note) values ($1, $2, $3, $4, $5, $6) returning *';
    const params = [id, 'SKI-1', [160, 170], '2026-11-25T08:00:00.000Z', { edge: 'new' }, null];
    const ours = await db.query(insert, params);
    expect(ours.affectedRows).toBe(1);
    await pglite.query('delete from gear');
    const theirs = await pglite.query(insert, params);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.rows[0]).toMatchObject({ id, code: 'SKI-1', sizes: [160, 170], note: null });

    const select = 'select code, spec from gear where id = any($1::uuid[])';
    const asArrays = await db.query(select, [[id]], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([['SKI-1', { edge: 'new' }]]);
  });

  it('parses a text once, and the next calls only run it', async () => {
    const text = "select count(*)::int as n from gear where code like $1 || '%'";
    const before = (await held()).filter((s) => s === text).length;
    expect(before).toBe(0);
    for (let i = 0; i < 3; i += 1) {
      expect((await db.query<{ n: number }>(text, ['SKI'])).rows).toEqual([{ n: 1 }]);
    }
    expect((await held()).filter((s) => s === text)).toHaveLength(1);
  });

  it('hands on the database’s errors and goes on after them', async () => {
    const insert = 'insert into gear (id, code) values (gen_random_uuid(), $1)';
    await expect(db.query(insert, ['SKI-1'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'gear_code_key',
    });
    await expect(db.query('select * from no_such_table')).rejects.toMatchObject({
      code: '42P01',
    });
    expect((await db.query(insert, ['SKI-2'])).affectedRows).toBe(1);
  });

  it('commits a transaction, and rolls back a failed one whole', async () => {
    const insert = 'insert into gear (id, code) values (gen_random_uuid(), $1)';
    await db.transaction(async (tx) => {
      await tx.query(insert, ['SKI-3']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['SKI-4']);
        await tx.query(insert, ['SKI-1']); // taken
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const codes = await db.query<{ code: string }>('select code from gear order by code');
    expect(codes.rows.map((r) => r.code)).toEqual(['SKI-1', 'SKI-2', 'SKI-3']);
  });

  it('waits for an open transaction before a call from outside it runs', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("update gear set note = 'in' where code = $1", ['SKI-1']);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
    });
    await entered;
    const outside = db
      .query<{ note: string }>('select note from gear where code = $1', ['SKI-1'])
      .then((r) => order.push(`read ${r.rows[0]!.note}`));
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['transaction', 'read in']);
  });

  it('parses a statement again when its table’s columns change', async () => {
    const text = 'select * from gear where code = $1';
    expect(Object.keys((await db.query(text, ['SKI-1'])).rows[0]!)).not.toContain('colour');
    await pglite.exec("alter table gear add column colour text default 'red'");
    const again = await db.query<{ colour: string }>(text, ['SKI-1']);
    expect(again.rows[0]!.colour).toBe('red');
  });

  it('keeps at most a hundred statements, closing the least recently used', async () => {
    const hot = 'select 1 as hot where $1::int > 0';
    await db.query(hot, [1]);
    for (let i = 0; i < 150; i += 1) {
      await db.query(`select ${i} as n where $1::int > 0`, [1]);
      if (i % 50 === 0) await db.query(hot, [1]);
    }
    const statements = await held();
    expect(statements.length).toBeLessThanOrEqual(100);
    expect(statements).toContain('select 149 as n where $1::int > 0');
    expect(statements).toContain(hot);
    expect(statements).not.toContain('select 0 as n where $1::int > 0');
  });

  it('closes statements evicted inside a transaction once it has ended', async () => {
    await db.transaction(async (tx) => {
      for (let i = 0; i < 120; i += 1) await tx.query(`select ${i} as inside`);
    });
    expect((await held()).length).toBeGreaterThan(100);
    await db.query('select 2');
    expect((await held()).length).toBeLessThanOrEqual(100);
  });
});
