import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@/app.js';
import { loadSettings } from '@/config/env.js';
import { openDatabase } from '@/db/client.js';
import { TEST_SECRET } from '@/testing/index.js';
import { startupLines } from './startup.js';

const PRODUCTION = {
  DATABASE_URL: 'postgres://snowgear@db.example/snowgear',
  APP_SECRET: TEST_SECRET,
  PUBLIC_BASE_URL: 'https://rent.example.com',
};
const WARNING =
  '  WARNING: payment sandbox is ON: anyone with a cashier link can mark bills paid; never in production';
const printed = (source: Record<string, string>, database: 'pglite' | 'postgres') =>
  startupLines({ settings: loadSettings(source), port: 3000, database, seeded: null });

describe('start-up', () => {
  it('says which Node.js it runs on: the 24 LTS the project brings, whatever Node ran npm', () => {
    expect(printed({}, 'pglite')).toContain(`  Node.js ${process.version}`);
    // npm's scripts put the `node` package's Node first on the path (README, "Quick start").
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it('the embedded demo says where payments go: the sandbox cashier', () => {
    const lines = printed({}, 'pglite');
    expect(lines).toContain(
      '  Payments: WeChat Pay and Alipay go to the sandbox cashier (a labelled test page with pay / fail buttons; no money moves)',
    );
    expect(lines.join('\n')).not.toMatch(/WARNING/);
  });

  it('production stays quiet with the sandbox off, and says loudly when it is asked for', () => {
    const quiet = printed(PRODUCTION, 'postgres').join('\n');
    expect(quiet).not.toMatch(/sandbox|WARNING/);
    const loud = printed({ ...PRODUCTION, PAYMENT_SANDBOX: 'true' }, 'postgres');
    expect(loud).toContain(WARNING);
  });

  it('says where SMS codes go, and warns loudly when the SMS sandbox runs in production', () => {
    expect(printed({}, 'pglite')).toContain(
      '  SMS: sign-in codes go to the sandbox (shown on the sign-in page and in this log; nothing is texted)',
    );
    const loud = printed({ ...PRODUCTION, SMS_SANDBOX: 'true' }, 'postgres');
    expect(loud).toContain(
      '  WARNING: SMS sandbox is ON: sign-in codes are shown, not texted, so anyone can sign in as any customer; never in production',
    );
  });

  it('the warning is in the log too', async () => {
    const logged: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    // The app is only built, never asked anything: the embedded database stands in.
    const settings = loadSettings({ ...PRODUCTION, PAYMENT_SANDBOX: 'true' });
    const database = await openDatabase({ limits: settings });
    try {
      const app = await buildApp({
        settings,
        database,
        secret: TEST_SECRET,
        logger: { level: 'warn', stream },
      });
      await app.close();
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: 'payment sandbox is ON: anyone with a cashier link can mark bills paid; never in production',
        }),
      );
    } finally {
      await database.close();
    }
  });
});
