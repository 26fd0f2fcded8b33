import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_TENANT_ID } from '@snowgear/contracts';
import { createFileStore } from '@/file-store/create-store.js';
import { photo, uploadAs } from '@/modules/files/test-upload.js';
import { createTestApp, signIn, verificationHeaders, type TestApp } from '@/testing/index.js';
import { loadSettings } from '@/config/env.js';
import { LocalFileStore } from '@/file-store/store.js';
import { seededSnapshot } from '@/testing/templates.js';
import { copyBusiness, readBackup, RestoreRefusedError, writeBackup } from './backup.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { prepareDatabase } from '@/prepare.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A backup of a working business, its database destroyed, restored into an empty one (with its
 * own empty file store): every order and file is there, and people sign in as before.
 */
describe('backup and restore', () => {
  let source: TestApp;
  let target: TestApp | undefined;
  const folder = mkdtempSync(join(tmpdir(), 'snowgear-backup-'));
  const archive = join(folder, 'backup.tar.gz');
  let uploaded: { id: string; accessUrl: string; thumbnails: { accessUrl: string }[] };
  let picture: Buffer;
  /** The upload as the source served it (the server strips what a photo should not carry). */
  let served: Buffer;
  let sourceClosed = false;
  let orders: { id: string; order_number: string | null; status: number }[];

  const allOrders = async (t: TestApp) =>
    rowsOf<{ id: string; order_number: string | null; status: number }>(
      await t.database.db.execute(sql`select id, order_number, status from orders order by id`),
    );
  const download = async (t: TestApp, url: string) => {
    const csrf = await verificationHeaders(t.app);
    const { employee } = await signIn(t.app, csrf, ['employee']);
    return t.app.inject({ url, headers: { authorization: `Bearer ${employee}` } });
  };

  beforeAll(async () => {
    source = await createTestApp();
    const csrf = await verificationHeaders(source.app);
    const { employee } = await signIn(source.app, csrf, ['employee']);
    picture = await photo(800, 600);
    const res = await uploadAs(
      source.app,
      csrf,
      employee!,
      { businessType: 'EquipmentImage' },
      { name: 'ski.jpg', bytes: picture },
      { __tenant: HOST_TENANT_ID },
    );
    expect(res.statusCode, res.body).toBe(201);
    uploaded = res.json();
    orders = await allOrders(source);
    expect(orders.length).toBeGreaterThan(0);
    served = (await download(source, uploaded.accessUrl)).rawPayload;
  });
  afterAll(async () => {
    if (!sourceClosed) await source?.close();
    await target?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes every table and every stored file, with the counts to check them by', async () => {
    const summary = await writeBackup(
      source.database,
      await createFileStore(source.settings),
      createWriteStream(archive),
    );
    expect(summary.tables.orders).toBe(orders.length);
    expect(summary.tables.users).toBeGreaterThan(0);
    // The upload and its thumbnails.
    expect(summary.files).toBe(1 + uploaded.thumbnails.length);
    expect(summary.missingFiles).toEqual([]);
  });

  it('restores into an empty database and file store: every order and file, and sign-in', async () => {
    // The business's database and files are gone; a new, empty one takes the backup.
    await source.close();
    sourceClosed = true;
    target = await createTestApp({ seed: false });
    const summary = await readBackup(
      target.database,
      await createFileStore(target.settings),
      createReadStream(archive),
    );
    expect(summary.files).toBe(1 + uploaded.thumbnails.length);
    expect(await allOrders(target)).toEqual(orders);
    const file = await download(target, uploaded.accessUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(served)).toBe(true);
    expect((await download(target, uploaded.thumbnails[0]!.accessUrl)).statusCode).toBe(200);
  });

  it('refuses to restore over a business, unless asked to replace it', async () => {
    const store = await createFileStore(target!.settings);
    await expect(readBackup(target!.database, store, createReadStream(archive))).rejects.toThrow(
      RestoreRefusedError,
    );
    const summary = await readBackup(target!.database, store, createReadStream(archive), {
      replace: true,
    });
    expect(summary.tables.orders).toBe(orders.length);
    expect(await allOrders(target!)).toEqual(orders);
  });

  it('leaves the database as it was when the backup is cut short', async () => {
    const cut = join(folder, 'cut.tar.gz');
    const whole = readFileSync(archive);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.9)));
    await expect(
      readBackup(target!.database, await createFileStore(target!.settings), createReadStream(cut), {
        replace: true,
      }),
    ).rejects.toThrow();
    expect(await allOrders(target!)).toEqual(orders);
  });
});

/**
 * A store outgrowing its counter PC: the embedded database's whole business copied into the
 * database the settings name (PostgreSQL in `npm run test:pg`), counts checked.
 */
describe('moving the embedded database to another', () => {
  let embedded: DatabaseHandle;
  let target: TestApp;
  const filesDir = mkdtempSync(join(tmpdir(), 'snowgear-embedded-files-'));

  beforeAll(async () => {
    const settings = loadSettings({ FILES_DIR: filesDir });
    const snapshot = seededSnapshot();
    embedded = await openDatabase({
      limits: settings,
      ...(snapshot ? { loadDataDir: snapshot } : {}),
    });
    await prepareDatabase(embedded, {
      seedDemoData: true,
      log: { info: () => undefined, warn: () => undefined },
    });
    target = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await embedded?.close();
    await target?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('copies every row, and the staff sign in on the new database', async () => {
    const before = rowsOf<{ id: string }>(
      await embedded.db.execute(sql`select id from orders order by id`),
    );
    const copied = await copyBusiness(
      { database: embedded, fileStore: new LocalFileStore(filesDir) },
      { database: target.database, fileStore: await createFileStore(target.settings) },
    );
    expect(copied.tables.orders).toBe(before.length);
    const after = rowsOf<{ id: string }>(
      await target.database.db.execute(sql`select id from orders order by id`),
    );
    expect(after).toEqual(before);
    const csrf = await verificationHeaders(target.app);
    const { manager } = await signIn(target.app, csrf, ['manager']);
    const list = await target.app.inject({
      url: '/api/app/orders?maxResultCount=5',
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ totalCount: number }>().totalCount).toBeGreaterThan(0);
  });
});
