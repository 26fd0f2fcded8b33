import { afterEach, describe, expect, it, vi } from 'vitest';

/** lib/i18n.ts as a page starts it: nothing loaded (the test set-up loads everything). */
async function freshI18n() {
  vi.resetModules();
  return import('./i18n');
}

describe('a page’s share of the texts', () => {
  afterEach(() => document.getElementById('route-texts')?.remove());

  it('loads all texts where the build listed none (the dev server)', async () => {
    const { i18n, loadRouteTexts } = await freshI18n();
    await loadRouteTexts('/customer/order-create', 'zh-CN');
    expect(i18n.t('booking.title', { lng: 'zh-CN' })).toBe('雪具预订');
    expect(i18n.t('inventory.title', { lng: 'zh-CN' })).not.toBe('inventory.title');
  });

  it('falls back to all texts when its file cannot be had (offline)', async () => {
    const manifest = {
      files: ['assets/texts-zh-CN-missing.json', 'assets/texts-en-US-missing.json'],
      shell: [0, 1],
      routes: [['/customer/order-create', 0, 1]],
    };
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'route-texts';
    data.textContent = JSON.stringify(manifest);
    document.head.append(data);
    const { i18n, loadRouteTexts } = await freshI18n();
    // The real server has no such file: 404.
    await loadRouteTexts('/customer/order-create', 'en-US');
    expect(i18n.t('booking.title', { lng: 'en-US' })).toBe('Book gear');
  });
});
