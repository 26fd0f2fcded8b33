/**
 * What antd-mobile's picker wheels say to screen readers, in the page's language: the library
 * writes them in Chinese whatever its locale, and build/antd-shims.ts puts these in their place.
 * The language is the page's (`<html lang>`, set with the app's), and the texts are here rather
 * than in the locales: this module imports nothing, so the dev server's pre-bundled antd-mobile
 * gets no second copy of the app's i18n.
 */
const TEXTS = {
  'zh-CN': {
    current: (label: string) => `当前选择的是：${label}`,
    none: () => '当前未选择',
    previous: (label: string) => `选择上一项：${label}`,
    noPrevious: () => '没有上一项',
    next: (label: string) => `选择下一项：${label}`,
    noNext: () => '没有下一项',
  },
  'en-US': {
    current: (label: string) => `Selected: ${label}`,
    none: () => 'Nothing selected',
    previous: (label: string) => `Select the previous one: ${label}`,
    noPrevious: () => 'Nothing before',
    next: (label: string) => `Select the next one: ${label}`,
    noNext: () => 'Nothing after',
  },
};

export type WheelText = keyof (typeof TEXTS)['zh-CN'];

export function wheelText(key: WheelText, label?: unknown): string {
  const texts = document.documentElement.lang === 'en-US' ? TEXTS['en-US'] : TEXTS['zh-CN'];
  // A wheel's labels are texts or numbers (a column's 09, 2026); anything else is not read out.
  return texts[key](typeof label === 'string' || typeof label === 'number' ? String(label) : '');
}
