import { afterEach, describe, expect, it } from 'vitest';
import { SupportedLanguage } from '@snowgear/contracts';
import { languageFor, savedLanguage } from './i18n';

describe('the language a page opens in', () => {
  it('follows the first of the browser’s languages that is ours', () => {
    expect(languageFor(null, ['en-US', 'zh-CN'])).toBe('en-US');
    expect(languageFor(null, ['zh-CN', 'en-US'])).toBe('zh-CN');
    expect(languageFor(null, ['en-GB'])).toBe('en-US');
    expect(languageFor(null, ['en'])).toBe('en-US');
    // Traditional Chinese readers read simplified Chinese sooner than English.
    expect(languageFor(null, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(languageFor(null, ['zh-Hant-HK'])).toBe('zh-CN');
    // A language of ours further down the list wins over the ones we do not have.
    expect(languageFor(null, ['de-DE', 'de', 'en'])).toBe('en-US');
    expect(languageFor(null, ['ko-KR', 'zh-CN', 'en'])).toBe('zh-CN');
  });

  it('gives a visitor whose browser asks only for other languages English', () => {
    for (const browser of [['de-DE'], ['fr-FR', 'fr'], ['ja-JP'], ['ko'], ['ru', 'uk']]) {
      expect(languageFor(null, browser)).toBe('en-US');
    }
    // Not a prefix of another language's name.
    expect(languageFor(null, ['eng'])).toBe('en-US');
    expect(languageFor(null, ['zha'])).toBe('en-US');
  });

  it('gives Chinese, the business’s first language, where the browser names none', () => {
    expect(languageFor(null, [])).toBe('zh-CN');
    expect(languageFor(null, [''])).toBe('zh-CN');
  });

  it('keeps the person’s own choice over the browser’s languages', () => {
    expect(languageFor('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(languageFor('en-US', ['zh-CN'])).toBe('en-US');
    expect(languageFor('zh-CN', ['de-DE'])).toBe('zh-CN');
    // Something else kept under the key is no choice of ours.
    expect(languageFor('fr', ['zh-CN'])).toBe('zh-CN');
    expect(languageFor('', ['en-US'])).toBe('en-US');
  });
});

describe('savedLanguage', () => {
  const languages = (list: string[]) =>
    Object.defineProperty(window.navigator, 'languages', { value: list, configurable: true });
  afterEach(() => languages(['zh-CN']));

  it('reads the browser on a first visit and the kept choice after one is made', () => {
    languages(['en-US', 'en']);
    expect(savedLanguage()).toBe('en-US');
    window.localStorage.setItem('language', 'zh-CN');
    expect(savedLanguage()).toBe('zh-CN');
    languages(['ja-JP']);
    window.localStorage.removeItem('language');
    expect(savedLanguage()).toBe('en-US');
  });
});

describe('texts left empty on purpose', () => {
  it('read as empty, not as their key (a parameter with no unit shows none)', async () => {
    const { i18n, loadLanguage } = await import('./i18n');
    await loadLanguage(SupportedLanguage.enUS);
    await i18n.changeLanguage(SupportedLanguage.enUS);
    expect(i18n.t('admin.parameters.keys.PresetDeliveryAddresses.unit')).toBe('');
    expect(i18n.t('admin.parameters.keys.DeliveryFee.unit')).toBe('¥');
  });
});
