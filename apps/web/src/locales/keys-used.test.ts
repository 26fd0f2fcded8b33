import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_KINDS, RoleName } from '@snowgear/contracts';
import { ORDER_STATUS_KEYS } from '@/lib/order-status';
import { STATUS_KEYS } from '@/features/inventory/utils/status';
import enUS from './en-US';
import zhCN from './zh-CN';

const SRC = join(import.meta.dirname, '..');

/** Every text of a locale by its dotted key. */
function flatten(node: unknown, path: string[] = [], into = new Map<string, string>()) {
  if (typeof node === 'string') into.set(path.join('.'), node);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) flatten(value, [...path, key], into);
  }
  return into;
}

/** The app's own code (not its tests, not the texts themselves). */
function sourceFiles(dir: string = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/**
 * Keys written out in the code: `t('a.b')`, `i18n.t('a.b')`, `i18nKey="a.b"`, and the
 * `$t(a.b)` references inside the texts.
 */
function literalKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  const patterns = [
    /(?<![\w$.])(?:i18n\.)?t\(\s*['"]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"]/g,
    /i18nKey=\{?\s*['"]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"]/g,
  ];
  for (const file of sourceFiles()) {
    const code = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of code.matchAll(pattern)) keys.set(match[1]!, relative(SRC, file));
    }
  }
  return keys;
}

/** The groups forms keep their field problems in (`const ERRORS = 'admin.errors'`). */
function errorGroups(): string[] {
  return sourceFiles().flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/const ERRORS = '([\w.]+)'/g)].map((m) => m[1]!),
  );
}

/** Keys the code builds from values it can list (statuses, roles, attribute kinds …). */
function enumeratedKeys(): string[] {
  return [
    // What lib/field-errors.ts reads for a form's group: a limit in its own words, or 'invalid'.
    ...errorGroups().flatMap((group) =>
      ['invalid', 'tooLong', 'tooMany', 'tooBig'].map((key) => `${group}.${key}`),
    ),
    ...STATUS_KEYS.map((key) => `inventory.statuses.${key}`),
    ...Object.values(ORDER_STATUS_KEYS).map((key) => `orders.statuses.${key}`),
    ...ATTRIBUTE_KINDS.map((kind) => `catalogueAdmin.kinds.${kind}`),
    ...Object.values(RoleName).map((role) => `roles.${role}`),
    // Limits of any form's fields (lib/field-errors.ts), whatever the form.
    'validation.tooLong',
    'validation.tooMany',
    'validation.tooBig',
    'inventory.attributeYes',
    'inventory.attributeNo',
  ];
}

/** A key is there as itself, as its plural forms, or as a list or group of texts. */
const has = (texts: Map<string, string>, key: string) =>
  texts.has(key) ||
  texts.has(`${key}_other`) ||
  texts.has(`${key}_one`) ||
  [...texts.keys()].some((k) => k.startsWith(`${key}.`));

describe('no key shows as itself', () => {
  const languages = { 'zh-CN': flatten(zhCN), 'en-US': flatten(enUS) };

  it.each(Object.entries(languages))('finds every key the code names in %s', (_, texts) => {
    const used = literalKeys();
    expect(used.size).toBeGreaterThan(500);
    const missing = [...used]
      .filter(([key]) => !has(texts, key))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(languages))(
    'finds every key built from statuses, roles and kinds in %s',
    (_, texts) => {
      expect(enumeratedKeys().filter((key) => !has(texts, key))).toEqual([]);
    },
  );

  it.each(Object.entries(languages))('resolves every $t() reference in %s', (_, texts) => {
    const missing: string[] = [];
    for (const [key, text] of texts) {
      for (const match of text.matchAll(/\$t\(([\w.-]+)/g)) {
        if (!has(texts, match[1]!)) missing.push(`${key} → ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
