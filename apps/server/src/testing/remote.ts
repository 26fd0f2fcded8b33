import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A server running as a process of its own (the built one, as `npm start` runs it), reached over
 * HTTP, with the part of Fastify's `inject` the test helpers use (`verificationHeaders`, `signIn`,
 * `counterSignatures`, `storeIdsByName` …): benchmarks of the real process set up their data with
 * the same helpers as the tests of the app in their own process.
 */
export function remoteApp(origin: string): FastifyInstance {
  async function inject(options: string | InjectOptions) {
    const call = typeof options === 'string' ? { url: options } : options;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(call.headers ?? {}))
      if (value !== undefined) headers[name] = String(value);
    let body: string | Buffer | undefined;
    const payload = call.payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload;
    else if (payload !== undefined) {
      body = JSON.stringify(payload);
      headers['content-type'] ??= 'application/json';
    }
    if (typeof call.url !== 'string') throw new Error('remoteApp: give the url as a path');
    const res = await fetch(new URL(call.url, origin), {
      method: call.method ?? 'GET',
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    return {
      statusCode: res.status,
      body: text,
      headers: Object.fromEntries(res.headers),
      json: () => JSON.parse(text) as unknown,
      cookies: res.headers.getSetCookie().map((line) => {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
      }),
    };
  }
  return { inject } as unknown as FastifyInstance;
}
