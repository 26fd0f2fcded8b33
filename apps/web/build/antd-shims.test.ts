import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { localizedWheel, silentAvatar } from './antd-shims';

const wheel = readFileSync(
  createRequire(import.meta.url).resolve('antd-mobile/es/components/picker-view/wheel.js'),
  'utf8',
);

describe("antd-mobile's picker wheel", () => {
  it("says what screen readers hear with the app's texts, none of the library's Chinese left", () => {
    const out = localizedWheel(wheel);
    expect(out.startsWith('import { wheelText as __wheelText } from ')).toBe(true);
    for (const key of ['current', 'none', 'previous', 'noPrevious', 'next', 'noNext']) {
      expect(out).toContain(`__wheelText('${key}'`);
    }
    // Comments aside, the wheel has no Chinese of its own any more.
    const code = out.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(code).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('fails the build when the library no longer has a text it replaces', () => {
    expect(() => localizedWheel(wheel.replace('当前未选择', '无'))).toThrow(/no longer has/);
  });
});

describe("antd-mobile's avatar placeholder", () => {
  const fallback = readFileSync(
    createRequire(import.meta.url).resolve('antd-mobile/es/components/avatar/fallback.js'),
    'utf8',
  );

  it('has no title for screen readers to read out, and is hidden from them', () => {
    expect(fallback).toMatch(/createElement\("title"/);
    const out = silentAvatar(fallback);
    expect(out).not.toMatch(/createElement\("title"/);
    expect(out).toContain("'aria-hidden': true");
  });
});
