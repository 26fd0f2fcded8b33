import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app.js';
import { openDatabase, type DatabaseHandle } from '@/db/client.js';
import { startupLines } from '@/startup.js';
import { TEST_SECRET } from '@/testing/index.js';
import { loadSettings, SettingsError } from './env.js';
import { loadTls, type TlsMaterial } from './tls.js';

/** GET over HTTPS trusting only `ca`, as a phone that accepted the certificate does. */
function get(port: number, path: string, ca: string) {
  return new Promise<{
    status: number;
    body: string;
    fingerprint: string;
    headers: Record<string, unknown>;
  }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', servername: 'localhost', port, path, ca, method: 'GET' },
      (res) => {
        const fingerprint =
          (res.socket as TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? '';
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            fingerprint,
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe("HTTPS for a store's own server on its LAN", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'snowgear-tls-'));
  const settings = loadSettings({
    DATA_DIR: dataDir,
    TLS_SELF_SIGNED: 'true',
    LOG_LEVEL: 'silent',
  });
  let tls: TlsMaterial;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    tls = (await loadTls(settings))!;
    database = await openDatabase({ limits: settings });
    app = await buildApp({ settings, database, secret: TEST_SECRET, logger: false, https: tls });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('makes a certificate for this machine once and keeps it across restarts', async () => {
    expect(tls.selfSigned).toBe(true);
    expect(tls.names).toEqual(expect.arrayContaining(['localhost', '127.0.0.1']));
    expect(tls.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const again = await loadTls(settings);
    expect(again?.fingerprint).toBe(tls.fingerprint);
  });

  it('serves over HTTPS to a client that trusts that certificate, and prints what to check', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await get(port, '/health', tls.cert);
    expect(res.status).toBe(200);
    expect(res.fingerprint).toBe(tls.fingerprint);
    // Over its own TLS, the server tells browsers to keep to HTTPS.
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);

    const lines = startupLines({ settings, port, database: 'pglite', seeded: null, tls });
    expect(lines[1]).toContain(`https://localhost:${port}`);
    expect(lines).toContain(`  SHA-256 ${tls.fingerprint}`);
  });

  it("uses the operator's own files when given, and asks for both", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'snowgear-own-tls-'));
    writeFileSync(join(dir, 'cert.pem'), tls.cert);
    writeFileSync(join(dir, 'key.pem'), tls.key);
    const own = await loadTls(
      loadSettings({ TLS_CERT_FILE: join(dir, 'cert.pem'), TLS_KEY_FILE: join(dir, 'key.pem') }),
    );
    expect(own).toMatchObject({ selfSigned: false, fingerprint: tls.fingerprint });
    expect(() => loadSettings({ TLS_CERT_FILE: join(dir, 'cert.pem') })).toThrow(SettingsError);
    expect(() => loadSettings({ TLS_CERT_FILE: join(dir, 'cert.pem') })).toThrow(/TLS_KEY_FILE/);
  });
});
