import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/testing/index.js';

/** An inline script of the build (it asks for the page's texts early). */
const BOOT = "document.documentElement.dataset.boot='1'";
const BIG = `export const words = ${JSON.stringify('雪具 snow gear '.repeat(2000))};`;

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><head><script>${BOOT}</script><script type="module" src="/assets/index-abc123.js"></script></head><div id="root"></div>`,
    );
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    // What the build writes: a big chunk with its brotli and gzip copies, and its manifest.
    writeFileSync(join(dist, 'assets', 'big-def456.js'), BIG);
    writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG));
    writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
    t = await createTestApp({ seed: false, settings: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => t.close());

  it('caches hashed assets for a year and revalidates the rest', async () => {
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the copy compressed at build that the browser takes, with lean headers', async () => {
    const br = await t.app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(BIG.length / 20);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    // No page-level headers on a script; nosniff stays.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gz = await t.app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);

    const plain = await t.app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
  });

  it('keeps the page headers on index.html and does not publish the build manifest', async () => {
    const page = await t.app.inject('/store/dashboard');
    // The scanner runs WebAssembly in blob workers (STACK.md trap 5), and shows blob: pictures.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("'wasm-unsafe-eval'");
    expect(csp).toMatch(/worker-src 'self' blob:/);
    expect(csp).toMatch(/img-src [^;]*blob:/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // The camera (scanner) and the position (way-finding) for our own pages only; what the app
    // never uses for nobody.
    const permissions = String(page.headers['permissions-policy']).split(', ');
    expect(permissions).toEqual(
      expect.arrayContaining([
        'camera=(self)',
        'geolocation=(self)',
        'microphone=()',
        'payment=()',
        'usb=()',
      ]),
    );
    // Served over plain HTTP: no HSTS (plugins/wire-conventions.test.ts).
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect((await t.app.inject('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it("allows the build's own inline script by its hash, and no other inline script", async () => {
    const policy = String((await t.app.inject('/login')).headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((d) => d.startsWith('script-src '));
    const hash = createHash('sha256').update(BOOT).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    // One hash: the module script with a src is allowed as 'self', not by a hash.
    expect(scriptSrc?.match(/'sha256-/g)).toHaveLength(1);
  });

  it('compresses JSON answers above 1 KB and leaves small ones as they are', async () => {
    const big = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('paths');
    const small = await t.app.inject({ url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers client routes with index.html (SPA fallback), never for /api or missing files', async () => {
    for (const path of ['/', '/customer/order-create', '/help/article/x?y=1', '/nope']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    expect((await t.app.inject('/api/app/unknown')).statusCode).toBe(404);
    expect((await t.app.inject('/assets/missing-123.js')).statusCode).toBe(404);
  });
});
