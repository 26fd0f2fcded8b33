import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { leanIcon } from './lean-icons';

const dir = dirname(createRequire(import.meta.url).resolve('antd-mobile-icons/es/AddOutline.js'));
const icons = readdirSync(dir)
  .filter((f) => /^[A-Z]\w+\.js$/.test(f))
  .map((f) => ({ name: f, code: readFileSync(join(dir, f), 'utf8') }));

/** Reads the module as the build does, which throws on a syntax error. */
const parses = (code: string) => parseAst(code);

describe("antd-mobile's icons in the build", () => {
  it('each still parses and draws the same shapes, without ids or the invisible square', () => {
    expect(icons.length).toBeGreaterThan(100);
    for (const { name, code } of icons) {
      const out = leanIcon(code);
      expect(() => parses(out), name).not.toThrow();
      expect(out, name).not.toMatch(/\bid: "/);
      expect(out, name).not.toMatch(/opacity: 0,/);
      const shapes = (s: string) => s.match(/createElement\("(path|circle|polygon|ellipse)"/g);
      expect(shapes(out), name).toEqual(shapes(code));
    }
  });

  it('rounds coordinates to two decimals and leaves whole ones alone', () => {
    const out = leanIcon(
      'React.createElement("path", {\n  id: "X-形状",\n  d: "M39.1558113,6.84476948 L42,41 Z"\n})',
    );
    expect(out).toBe('React.createElement("path", {\n  d: "M39.16,6.84 L42,41 Z"\n})');
  });

  it('keeps the ids of an icon that refers to them', () => {
    const code = 'createElement("mask", { id: "m" }), createElement("g", { mask: "url(#m)" })';
    expect(leanIcon(code)).toBe(code);
  });

  it('makes the icons a third lighter on the wire', () => {
    const size = (f: (c: string) => string) =>
      icons.reduce((n, { code }) => n + brotliCompressSync(f(code)).length, 0);
    expect(size(leanIcon)).toBeLessThan(size((c) => c) * 0.75);
  });
});
