/**
 * What image uploads cost everyone else, in one process on embedded PGlite: a staff read of the
 * equipment list measured idle (the baseline), then while six large photos upload at once, with
 * image work bounded to one at a time (the default) and, for comparison, six at a time; and the
 * time to refuse a 31 KB PNG announcing 256 megapixels. Prints ratios, not a verdict: the machine
 * is shared and noisy, so only ratios within one run mean anything.
 */
import { createTestApp, signIn, verificationHeaders } from '@snowgear/server/testing';
import { multipart, photo, pixelBomb } from '@/modules/files/test-upload.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const msSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

// Six 40-megapixel photos: under the pixel bound, so each is really decoded.
const big = await photo(7300, 5500);
const bomb = pixelBomb();

async function measure(imageConcurrency: number) {
  // The per-user bounds are not what is measured here: lift them so six uploads run at once.
  const t = await createTestApp({
    settings: {
      FILE_IMAGE_CONCURRENCY: String(imageConcurrency),
      FILE_UPLOADS_PER_USER_PER_MINUTE: '1000',
      FILE_UPLOADS_IN_PROGRESS_PER_USER: '100',
    },
  });
  const csrf = await verificationHeaders(t.app);
  const { employee } = await signIn(t.app, csrf, ['employee']);
  const auth = { authorization: `Bearer ${employee}` };
  const read = async () => {
    const start = process.hrtime.bigint();
    const res = await t.app.inject({ url: '/api/app/equipment?maxResultCount=20', headers: auth });
    if (res.statusCode !== 200) throw new Error(`equipment list answered ${res.statusCode}`);
    return msSince(start);
  };
  const upload = (bytes: Buffer) => {
    const body = multipart({ businessType: 'EquipmentImage' }, { name: 'big.jpg', bytes });
    return t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: body.payload,
      headers: { ...csrf, ...auth, 'content-type': body.contentType },
    });
  };

  for (let i = 0; i < 20; i++) await read(); // warm up
  const idle: number[] = [];
  for (let i = 0; i < 60; i++) idle.push(await read());

  const bombStart = process.hrtime.bigint();
  const refused = await upload(bomb);
  const bombMs = msSince(bombStart);
  if (refused.statusCode !== 413) throw new Error(`the pixel bomb answered ${refused.statusCode}`);

  let uploading = true;
  const uploadsStart = process.hrtime.bigint();
  const uploads = Promise.all(Array.from({ length: 6 }, () => upload(big))).finally(() => {
    uploading = false;
  });
  const loaded: number[] = [];
  while (uploading) loaded.push(await read());
  const uploadsMs = msSince(uploadsStart);
  const statuses = (await uploads).map((r) => r.statusCode);
  await t.close();
  if (statuses.some((s) => s !== 201)) throw new Error(`uploads answered ${statuses.join(' ')}`);
  return {
    idle: median(idle),
    loaded: median(loaded),
    slowest: Math.max(...loaded),
    bombMs,
    uploadsMs,
  };
}

const bounded = await measure(1);
const unbounded = await measure(6);

const baseline = bounded.idle;
const row = (name: string, ms: number) =>
  `${name.padEnd(68)} ${ms.toFixed(1).padStart(8)} ms  ${(ms / baseline).toFixed(1).padStart(7)}× baseline`;
console.log(row('staff read, idle (baseline, median)', baseline));
for (const [name, m] of [
  ['1 image at a time', bounded],
  ['6 images at a time', unbounded],
] as const) {
  console.log(row(`staff read during 6 uploads of 40 MP, ${name} (median)`, m.loaded));
  console.log(row(`staff read during 6 uploads of 40 MP, ${name} (slowest)`, m.slowest));
  console.log(row(`all 6 uploads done, ${name}`, m.uploadsMs));
}
console.log(row(`refusing a ${Math.round(bomb.length / 1024)} KB PNG of 256 MP`, bounded.bombMs));
