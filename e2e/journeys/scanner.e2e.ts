import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInAt } from '../support/session';
import { launchBrowser, newPhone, refuseCamera, screenshot, watchErrors } from '../support/browser';
import { gunScan } from '../support/gun';
import { writeFakeCameraVideo } from '../support/fake-camera';
import { RECORD_SOUNDS, sounds } from '../support/sounds';
import { browserSeeingLabels } from '../support/fake-camera';
import { readContrast, tooFaint } from '../support/contrast';
import { baseUrl } from '../support/server';

const signIn = (page: Page, user: string, to: string) => signInAt(page, baseUrl, user, to);
const testdata = join(dirname(fileURLToPath(import.meta.url)), '../../packages/barcode/testdata');
const cameraFlags = (video: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
];

async function openSmartScan(page: Page) {
  await page.getByRole('button', { name: '快捷操作' }).tap();
  await page.getByRole('button', { name: '智能扫码' }).tap();
  await page.getByRole('dialog', { name: '智能扫码' }).waitFor();
}

describe('scanning at the counter', () => {
  let dir: string;
  let labelBrowser: Browser;
  let qrBrowser: Browser;
  let blankBrowser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'snowgear-camera-'));
    const label = await writeFakeCameraVideo(dir, 'label', { bcid: 'code128', text: 'SGWLSKI001' });
    const qr = await writeFakeCameraVideo(dir, 'qr', {
      bcid: 'qrcode',
      text: `${baseUrl}/cx?sn=SGWLSKI002`,
    });
    const blank = await writeFakeCameraVideo(dir, 'blank', null);
    labelBrowser = await launchBrowser(cameraFlags(label));
    blankBrowser = await launchBrowser(cameraFlags(blank));
    qrBrowser = await launchBrowser(cameraFlags(qr));
  });
  afterAll(async () => {
    await labelBrowser?.close();
    await qrBrowser?.close();
    await blankBrowser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function phone(browser: Browser, locale = 'zh-CN'): Promise<BrowserContext> {
    const context = await newPhone(browser, locale);
    await context.addInitScript(RECORD_SOUNDS);
    return context;
  }

  it('smart scan reads a Code 128 label live and opens the equipment with a success sound', async () => {
    const context = await phone(labelBrowser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const soundFiles: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sounds/')) soundFiles.push(new URL(r.url()).pathname);
    });
    await signIn(page, 'employee', '/store/dashboard');
    await openSmartScan(page);
    await page.getByText('扫描成功').waitFor({ timeout: 15_000 });
    await page.locator('.equipment-dialog__barcode', { hasText: 'SGWLSKI001' }).waitFor();
    await screenshot(page, 'scanner-live-code128');
    // The scan sound (default style: beep), then the success sound of the lookup.
    await expect.poll(() => sounds(page)).toHaveLength(2);
    expect(soundFiles).toEqual(['/sounds/scan-success-beep.wav', '/sounds/success.wav']);
    // The scanner closes by itself after showing the result.
    await page.getByRole('dialog', { name: '智能扫码' }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('zoom controls say what the camera can do, double-tap cycles the zoom (in English)', async () => {
    const context = await phone(blankBrowser, 'en-US');
    await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await context.newPage();
    await signInAt(page, baseUrl, 'employee', '/store/scan', 'en-US');
    // The typed look-up is named, and its hint fits the field.
    const typed = page.getByRole('textbox', { name: 'Barcode or order number' });
    const hintFits = await typed.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const pen = document.createElement('canvas').getContext('2d')!;
      pen.font = style.font;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return pen.measureText(input.placeholder).width <= room;
    });
    expect(hintFits).toBe(true);
    await page.getByRole('button', { name: 'Start scanning' }).tap();
    await page.getByRole('dialog', { name: 'Smart scan' }).waitFor();
    const level = page.locator('.scanner-dialog__zoom-level');
    await expect.poll(() => level.textContent(), { timeout: 15_000 }).toBe('1.0x');
    // The fake camera cannot zoom or light: the controls say so.
    await page.getByText('Digital zoom (the camera cannot zoom optically)').waitFor();
    expect(await page.getByRole('button', { name: /no camera light control/ }).isDisabled()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    await expect.poll(() => level.textContent()).toBe('1.5x');
    await page.locator('.scanner-dialog__viewport').dblclick();
    await expect.poll(() => level.textContent()).toBe('2.0x');
    // Far-distance auto zoom is remembered.
    await page.getByRole('switch', { name: 'Far-distance auto zoom' }).tap();
    expect(await page.evaluate(() => localStorage.getItem('scanner_auto_zoom'))).toBe('true');
    await expect.poll(() => level.textContent(), { timeout: 10_000 }).not.toBe('2.0x');
    await screenshot(page, 'scanner-controls-en');
    await page.getByRole('button', { name: 'Close scanner' }).tap();
    await page.getByRole('dialog', { name: 'Smart scan' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('reads a QR code label link live into the new-stock barcode field', async () => {
    const context = await phone(qrBrowser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'employee', '/store/inventory/checkin');
    await page.getByRole('button', { name: '扫码' }).tap();
    // A live read of the fake camera, beside the PostgreSQL suite on two cores: as the batch
    // list's reads below, up to 30 s.
    await page.getByText('扫描成功').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByPlaceholder('扫描或输入条码，也可点击生成').inputValue())
      .toBe('SGWLSKI002');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('photo mode reads a photo; manual entry refuses empty input and then looks the code up', async () => {
    const browser = await launchBrowser();
    try {
      const context = await phone(browser);
      const page = await context.newPage();
      await signIn(page, 'employee', '/store/scan');
      await page.getByRole('button', { name: '开始扫码' }).tap();
      const dialog = page.getByRole('dialog', { name: '智能扫码' });
      await dialog.waitFor();
      // No camera in this browser: the dialog says so and offers the other ways.
      await page.getByText('未检测到摄像头').waitFor({ timeout: 15_000 });
      await page
        .getByTestId('scanner-photo-input')
        .setInputFiles(join(testdata, 'code128/code128-1_3.png'));
      await page.getByText('扫描成功').waitFor({ timeout: 15_000 });
      // Not one of ours: the lookup says so, and the scan page lists it.
      await page.getByText('未找到订单/设备，请检查编号').waitFor();
      await page.getByText('本次扫描记录').waitFor();

      await page.getByRole('button', { name: '开始扫码' }).tap();
      await page.getByRole('button', { name: '手动输入' }).tap();
      await page.getByRole('button', { name: '确认' }).tap();
      await page.getByText('请输入编码内容').waitFor();
      await page.getByPlaceholder('请输入条码或二维码内容').fill('SGWLSKI003');
      await page.getByRole('button', { name: '确认' }).tap();
      await page.locator('.equipment-dialog__barcode', { hasText: 'SGWLSKI003' }).waitFor();
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('says when camera permission is denied', async () => {
    const browser = await launchBrowser(['--use-fake-device-for-media-stream']);
    try {
      const context = await phone(browser);
      await refuseCamera(context);
      const page = await context.newPage();
      await signIn(page, 'employee', '/store/dashboard');
      await openSmartScan(page);
      await page.getByText('相机权限被拒绝').waitFor({ timeout: 15_000 });
      await page.getByText('请在浏览器或系统设置中允许本网站使用相机').waitFor();
      await screenshot(page, 'scanner-permission-denied');
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('a barcode scanner gun typing on a store page opens the equipment', async () => {
    const browser = await launchBrowser();
    try {
      const context = await phone(browser);
      const page = await context.newPage();
      await signIn(page, 'employee', '/store/dashboard');
      await page.getByRole('button', { name: '快捷操作' }).waitFor();
      const opened = page.locator('.equipment-dialog__barcode', { hasText: 'SGWLSKI001' });
      await gunScan(page, 'SGWLSKI001', (limit) => opened.waitFor(limit));
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("offers 'add stock' on the inventory list, and lets staff pick and try sounds", async () => {
    const browser = await launchBrowser();
    try {
      const context = await phone(browser);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      expect(await page.getByRole('button', { name: '快捷操作' }).count()).toBe(0);
      await signIn(page, 'employee', '/store/inventory/list');
      await page.getByRole('button', { name: '快捷操作' }).tap();
      await page.getByRole('button', { name: '新设备入库' }).tap();
      await page.waitForURL('**/store/inventory/checkin');

      await page.goto(`${baseUrl}/store/profile`);
      await page.getByText('扫码提示音风格').waitFor();
      await page.getByRole('radio', { name: '三连音' }).check();
      expect(await page.getByRole('radio', { name: '三连音' }).isChecked()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('audio_style'))).toBe('triple');
      const before = (await sounds(page)).length;
      await page.getByRole('button', { name: '试听：扫码成功' }).tap();
      await expect.poll(async () => (await sounds(page)).length).toBeGreaterThan(before);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('inside WeChat, WeChat scan works through the JS-SDK bridge', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        serviceWorkers: 'block',
        hasTouch: true,
        isMobile: true,
        locale: 'zh-CN',
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50.2701(0x28003237) NetType/WIFI Language/zh_CN',
      });
      // WeChat's page bridge, as the JS-SDK talks to it: config is verified, scanning answers.
      await context.addInitScript(() => {
        const calls: { name: string; params: Record<string, unknown> }[] = [];
        (window as unknown as { __bridgeCalls: typeof calls }).__bridgeCalls = calls;
        (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
          invoke(name: string, params: Record<string, unknown>, callback: (r: object) => void) {
            calls.push({ name, params });
            if (name === 'preVerifyJSAPI') {
              const ok =
                typeof params.verifySignature === 'string' && params.verifySignature.length === 40;
              setTimeout(
                () => callback({ err_msg: ok ? 'preVerifyJSAPI:ok' : 'preVerifyJSAPI:fail' }),
                10,
              );
            } else if (name === 'scanQRCode') {
              setTimeout(
                () => callback({ err_msg: 'scanQRCode:ok', resultStr: 'CODE_128,SGWLSKI001' }),
                10,
              );
            } else {
              setTimeout(() => callback({ err_msg: `${name}:ok` }), 10);
            }
          },
          on() {},
        };
      });
      const page = await context.newPage();
      await signIn(page, 'employee', '/store/dashboard');
      await openSmartScan(page);
      await page.getByRole('button', { name: '微信扫一扫' }).tap();
      await page.locator('.equipment-dialog__barcode', { hasText: 'SGWLSKI001' }).waitFor();
      const calls = await page.evaluate(
        () => (window as unknown as { __bridgeCalls: { name: string }[] }).__bridgeCalls,
      );
      expect(calls.map((c) => c.name)).toEqual(
        expect.arrayContaining(['preVerifyJSAPI', 'scanQRCode']),
      );
      await context.close();
    } finally {
      await browser.close();
    }
  });
});

/**
 * The scanner is read at a counter in daylight, in either theme: every text and control of the
 * dialog (title, close, zoom and its level, the far-zoom switch, a batch's count and running
 * list) keeps WCAG AA contrast against what it stands on.
 */
describe('a readable scanner in both themes', () => {
  let dir: string;
  let blank: Browser;
  let labels: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'snowgear-contrast-'));
    blank = await launchBrowser(cameraFlags(await writeFakeCameraVideo(dir, 'blank', null)));
    // A label the demo stock has and one it has not: the running list gets both verdicts.
    labels = await browserSeeingLabels(dir, ['SGWLSKI003', 'NOSUCHLABEL9']);
  });
  afterAll(async () => {
    await blank?.close();
    await labels?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function phoneIn(browser: Browser, theme: 'light' | 'dark') {
    const context = await newPhone(browser);
    await context.grantPermissions(['camera'], { origin: baseUrl });
    await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    return { context, page };
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`keeps the camera controls readable (${theme})`, async () => {
      const { context, page } = await phoneIn(blank, theme);
      await signIn(page, 'employee', '/store/scan');
      expect(await page.locator('html').getAttribute('data-prefers-color-scheme')).toBe(theme);
      await page.getByRole('button', { name: '开始扫码' }).tap();
      const dialog = page.locator('.scanner-dialog');
      await expect
        .poll(() => dialog.locator('.scanner-dialog__zoom-level').textContent(), {
          timeout: 15_000,
        })
        .toBe('1.0x');
      const readings = await readContrast(dialog);
      // What the issue found white on white is among what was measured.
      const what = readings.map((r) => r.what).join('\n');
      for (const part of [
        'h2',
        'scanner-dialog__close',
        'scanner-dialog__zoom-level',
        'adm-switch',
      ]) {
        expect(what).toContain(part);
      }
      expect(tooFaint(readings)).toEqual([]);
      await screenshot(page, `scanner-contrast-${theme}`);
      await context.close();
    });

    it(`keeps a batch's count and running list readable (${theme})`, async () => {
      const { context, page } = await phoneIn(labels, theme);
      await signIn(page, 'employee', '/store/inventory/batch');
      await page.getByRole('button', { name: '扫码添加' }).tap();
      const dialog = page.locator('.scanner-dialog');
      await dialog.locator('.scanner-dialog__batch-list li.is-ok').waitFor({ timeout: 30_000 });
      await dialog.locator('.scanner-dialog__batch-list li.is-error').waitFor({ timeout: 30_000 });
      const readings = await readContrast(dialog);
      const what = readings.map((r) => r.what).join('\n');
      expect(what).toContain('SGWLSKI003');
      expect(what).toContain('NOSUCHLABEL9');
      expect(tooFaint(readings)).toEqual([]);
      await screenshot(page, `scanner-batch-contrast-${theme}`);
      await context.close();
    });
  }
});
