import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RoleName } from './enums.js';
import { ALL_PERMISSIONS, Permissions } from './permissions.js';
import { DEFAULT_ROLE_PERMISSIONS } from './roles.js';

const DOC = new URL('../../../docs/permissions.md', import.meta.url);

/**
 * The permissions a row of the documented matrix names: `Group (A, B)` for Group.A and Group.B
 * (`Default` is the group's own name), `Group.A / B` for Group.A and Group.B.
 */
function permissionsOf(label: string): string[] {
  const grouped = /^(\w+) \(([^)]+)\)$/.exec(label);
  const [group = '', names] = grouped
    ? [grouped[1], grouped[2]!.split(',')]
    : [label.split('.')[0], label.slice(label.indexOf('.') + 1).split('/')];
  const known = Permissions[group as keyof typeof Permissions] as
    Record<string, string> | undefined;
  return (names ?? []).map((name) => known?.[name.trim()] ?? `unknown: ${group}.${name.trim()}`);
}

/** The documented matrix (the page's first table): role → the permissions ticked for it. */
function documentedMatrix(markdown: string): Record<string, string[]> {
  const lines = markdown.split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  const [header = [], , ...body] = lines.slice(first, end).map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
  const roles = header.slice(1);
  const matrix: Record<string, string[]> = Object.fromEntries(roles.map((r) => [r, []]));
  for (const [label = '', ...cells] of body) {
    for (const [i, cell] of cells.entries()) {
      if (cell.startsWith('✓')) matrix[roles[i]!]!.push(...permissionsOf(label));
    }
  }
  return matrix;
}

describe('docs/permissions.md', () => {
  it('documents the default permission matrix as the code has it', () => {
    const matrix = documentedMatrix(readFileSync(DOC, 'utf8'));
    expect(Object.keys(matrix).sort()).toEqual(Object.values(RoleName).sort());
    for (const role of Object.values(RoleName)) {
      expect(matrix[role]!.sort(), role).toEqual([...DEFAULT_ROLE_PERMISSIONS[role]].sort());
    }
    // Every permission appears in some row.
    expect(new Set(Object.values(matrix).flat())).toEqual(new Set(ALL_PERMISSIONS));
  });
});
