import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, verificationHeaders, type TestApp } from '@/testing/index.js';
import { InProgressCounter, QueueFullError, WorkQueue } from './limits.js';
import { multipart, photo } from './test-upload.js';

/** A promise with its resolve function outside, to hold a task open for as long as a test wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('work queue', () => {
  it('runs at most its concurrency at a time, in arrival order, and refuses beyond its queue', async () => {
    const queue = new WorkQueue(1, 2);
    const started: number[] = [];
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0]);
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(QueueFullError);
    gates[0]!.open();
    expect(await runs[0]).toBe(0);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    // A failed task frees its slot too.
    await expect(queue.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow();
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('counts what each user has in progress, separately, until released', () => {
    const counter = new InProgressCounter(2);
    const a1 = counter.enter('a');
    const a2 = counter.enter('a');
    expect(a1 && a2).toBeTruthy();
    expect(counter.enter('a')).toBeNull();
    expect(counter.enter('b')).not.toBeNull();
    a1!();
    a1!(); // releasing twice frees one place only
    expect(counter.enter('a')).not.toBeNull();
    expect(counter.enter('a')).toBeNull();
  });
});

describe('upload bounds per user and per image', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  let tokens: Record<string, string>;
  let picture: Buffer;

  beforeAll(async () => {
    t = await createTestApp({
      settings: {
        FILE_UPLOADS_PER_USER_PER_MINUTE: '3',
        FILE_UPLOADS_IN_PROGRESS_PER_USER: '1',
        FILE_MAX_PIXELS: '1000000',
      },
    });
    csrf = await verificationHeaders(t.app);
    tokens = await signIn(t.app, csrf, ['employee', 'driver', 'manager', 'agent', 'multi']);
    picture = await photo(40, 30, 'png');
  });
  afterAll(() => t.close());

  const request = (as: string, payload: Buffer | Readable, contentType: string, language = 'zh') =>
    t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload,
      headers: {
        ...csrf,
        'content-type': contentType,
        'accept-language': language,
        authorization: `Bearer ${tokens[as]}`,
      },
    });
  const upload = (as: string, bytes = picture, language = 'zh') => {
    const body = multipart({ businessType: 'EquipmentImage' }, { name: 'p.png', bytes });
    return request(as, body.payload, body.contentType, language);
  };

  it('limits uploads per minute per user, not per address', async () => {
    for (let i = 0; i < 3; i++) expect((await upload('manager')).statusCode).toBe(201);
    const refused = await upload('manager');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatchObject({ code: 'App:TooManyRequests' });
    expect(refused.json().error.message).toMatch(/^上传太频繁，请 \d+ 秒后再试$/);
    // Another user behind the same address uploads as usual.
    expect((await upload('agent')).statusCode).toBe(201);
  });

  it('limits the uploads one user has under way at once', async () => {
    const body = multipart(
      { businessType: 'EquipmentImage' },
      { name: 'slow.png', bytes: picture },
    );
    const reading = gate();
    // A phone on a weak network: the body arrives only when the test lets it.
    const slow = new Readable({ read: () => reading.open() });
    const first = request('employee', slow, body.contentType);
    await reading.opened;

    const second = await upload('employee');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('5');
    expect(second.json().error).toMatchObject({
      code: 'App:TooManyRequests',
      message: '最多同时上传 1 个文件，请等前面的上传完成',
    });
    expect((await upload('driver')).statusCode).toBe(201);

    slow.push(body.payload);
    slow.push(null);
    expect((await first).statusCode).toBe(201);
    expect((await upload('employee')).statusCode).toBe(201);
  });

  it('refuses an image above the pixel bound with the bound in the message', async () => {
    const big = await photo(1001, 1000, 'png');
    const zh = await upload('multi', big);
    expect(zh.statusCode).toBe(413);
    expect(zh.json().error).toMatchObject({
      code: 'File:TooManyPixels',
      message: '图片太大（1001×1000 像素），最多 1,000,000 像素',
    });
    const en = await upload('multi', big, 'en');
    expect(en.json().error.message).toBe(
      'The image is too large (1001×1000 pixels); at most 1,000,000 pixels',
    );
    expect((await upload('multi', await photo(1000, 1000, 'png'))).statusCode).toBe(201);
  });
});
