import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, refuseCamera, screenshot, watchErrors } from '../support/browser';
import { baseUrl } from '../support/server';

/** 万龙雪场店 as seeded (WGS-84). */
const WANLONG = { latitude: 40.9633, longitude: 115.3924 };
/** The same sphere as the app's haversine, so distances come out exact. */
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/**
 * The store's point in each map's own system, as the app's unit-tested transforms give it
 * (Amap and Tencent GCJ-02, Baidu BD-09), to six decimals.
 */
const GCJ02 = { latitude: '40.965117', longitude: '115.399100' };
const BD09 = { latitude: '40.970935', longitude: '115.405680' };

const TEXTS = {
  'zh-CN': {
    title: '联系客服',
    call: '致电 万龙雪场店 0313-4788001',
    navigate: '到店导航：万龙雪场店',
    stores: ['万龙雪场店', '太舞小镇店', '云顶夜场店'],
    name: '万龙雪场店',
    dialog: '到店导航',
    // 500 m due south of the store, facing east (heading 90°): the store is on the left.
    metresSouth: 500,
    metresEast: 0,
    alpha: 270,
    rotation: '270',
    arrow: '左侧 500 米',
    distance: '500 米',
    northUp: '正北方向 500 米',
    cameraRefused: null,
    close: '关闭导航',
  },
  'en-US': {
    title: 'Contact us',
    call: 'Call Wanlong Resort Store 0313-4788001',
    navigate: 'Navigate to Wanlong Resort Store',
    stores: ['Wanlong Resort Store', 'Thaiwoo Village Store', 'Genting Night Skiing Store'],
    name: 'Wanlong Resort Store',
    dialog: 'Navigate to the store',
    // 1.2 km due east of the store, facing south (heading 180°): the store is on the right.
    metresSouth: 0,
    metresEast: 1_234,
    alpha: 180,
    rotation: '90',
    arrow: '1.2 km to the right',
    distance: '1.2 km',
    northUp: '1.2 km to the west',
    cameraRefused: 'Camera access was not allowed; showing the plain arrow view.',
    close: 'Close navigation',
  },
} as const;

/** Keeps every camera stream the page opens, to check they are stopped on close. */
const RECORD_STREAMS = () => {
  const w = window as unknown as { __streams: MediaStream[] };
  w.__streams = [];
  const media = navigator.mediaDevices;
  if (!media) return;
  const original = media.getUserMedia.bind(media);
  media.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    w.__streams.push(stream);
    return stream;
  };
};

async function turnPhone(page: Page, alpha: number) {
  await page.evaluate((a) => {
    for (let i = 0; i < 5; i += 1) {
      window.dispatchEvent(
        new DeviceOrientationEvent('deviceorientationabsolute', {
          alpha: a,
          beta: 80,
          gamma: 0,
          absolute: true,
        }),
      );
    }
  }, alpha);
}

describe('contact service and navigation to a store, on a phone', () => {
  // A camera that says yes at once; the English run's visitor refuses it (refuseCamera).
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`lists the stores and guides an anonymous visitor to 万龙雪场店 (${language})`, async () => {
      const texts = TEXTS[language];
      const context = await newPhone(browser, language);
      await context.addInitScript((l) => window.localStorage.setItem('language', l), language);
      await context.addInitScript(RECORD_STREAMS);
      await context.grantPermissions(['geolocation'], { origin: baseUrl });
      if (texts.cameraRefused) await refuseCamera(context);
      const here = {
        latitude: WANLONG.latitude - texts.metresSouth / METRES_PER_DEGREE,
        longitude:
          WANLONG.longitude +
          texts.metresEast / (METRES_PER_DEGREE * Math.cos((WANLONG.latitude * Math.PI) / 180)),
      };
      await context.setGeolocation({ ...here, accuracy: 5 });
      const page = await context.newPage();
      const errors = watchErrors(page);

      await page.goto(`${baseUrl}/customer/contact-service`);
      await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
      expect(await page.title()).toMatch(new RegExp(`^${texts.title} - `));
      const call = page.getByRole('link', { name: texts.call });
      expect(await call.getAttribute('href')).toBe('tel:03134788001');
      expect((await call.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      for (const store of texts.stores) {
        await page.getByRole('heading', { level: 3, name: store }).waitFor();
      }
      await page.locator('a[href^="/help/article/"]').first().waitFor();
      await screenshot(page, `contact-service-${language}`);

      await page.getByRole('button', { name: texts.navigate }).tap();
      const dialog = page.getByRole('dialog', { name: texts.dialog });
      await dialog.waitFor();
      const distance = dialog.locator('.store-nav__distance');
      await expect.poll(() => distance.innerText()).toBe(texts.distance);
      // Before any compass reading the arrow is north-up.
      await dialog.getByRole('img', { name: texts.northUp }).waitFor();

      await turnPhone(page, texts.alpha);
      const arrow = dialog.getByRole('img', { name: texts.arrow });
      await arrow.waitFor();
      expect(await arrow.getAttribute('data-rotation')).toBe(texts.rotation);
      // The drawn arrow turns by that much (a hair off 90° east of the store: meridians converge).
      const style = (await arrow.locator('svg').getAttribute('style')) ?? '';
      const drawn = Number(/rotate\((-?[\d.]+)deg\)/.exec(style)?.[1]);
      expect(Math.abs(drawn - Number(texts.rotation))).toBeLessThan(0.5);
      // Two polite regions: the spoken guidance, and the notices (each notice said once).
      expect(await dialog.locator('[aria-live="polite"]').count()).toBe(2);
      expect(await dialog.locator('ul[aria-live="polite"]').count()).toBe(1);

      if (texts.cameraRefused) {
        await dialog.getByText(texts.cameraRefused).waitFor();
        expect(await dialog.locator('video').count()).toBe(0);
      } else {
        await dialog.locator('video').waitFor();
        await expect
          .poll(() =>
            page.evaluate(() =>
              (window as unknown as { __streams: MediaStream[] }).__streams
                .flatMap((s) => s.getTracks())
                .map((t) => t.readyState),
            ),
          )
          .toEqual(['live']);
      }

      const href = async (app: string) =>
        new URL((await dialog.locator(`a[data-app="${app}"]`).getAttribute('href'))!);
      const amap = await href('amap');
      expect(amap.host).toBe('uri.amap.com');
      expect(amap.searchParams.get('position')).toBe(`${GCJ02.longitude},${GCJ02.latitude}`);
      expect(amap.searchParams.get('coordinate')).toBe('gaode');
      const baidu = await href('baidu');
      expect(baidu.host).toBe('api.map.baidu.com');
      expect(baidu.searchParams.get('location')).toBe(`${BD09.latitude},${BD09.longitude}`);
      expect(baidu.searchParams.get('coord_type')).toBe('bd09ll');
      expect(baidu.searchParams.get('title')).toBe(texts.name);
      const tencent = await href('tencent');
      expect(tencent.host).toBe('apis.map.qq.com');
      expect(tencent.searchParams.get('marker')).toMatch(
        new RegExp(`^coord:${GCJ02.latitude},${GCJ02.longitude};title:${texts.name};addr:.+`),
      );
      await screenshot(page, `store-navigation-${language}`);

      await dialog.getByRole('button', { name: texts.close }).tap();
      await dialog.waitFor({ state: 'detached' });
      // Closing stops the camera.
      expect(
        await page.evaluate(() =>
          (window as unknown as { __streams: MediaStream[] }).__streams
            .flatMap((s) => s.getTracks())
            .every((t) => t.readyState === 'ended'),
        ),
      ).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
