import type { BookableCategory, BookableKind, CartLine } from '@snowgear/contracts';

/** A size map's key, the same whatever order its attributes came in. */
export function sizeKeyOf(size: Record<string, string>): string {
  return JSON.stringify(Object.entries(size).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * How many of each kind the cart already asks for (packs count each part): the counts shown to
 * the customer are what is left beside these.
 */
export function wantedByKind(lines: CartLine[]): Map<string, number> {
  const wanted = new Map<string, number>();
  const add = (categoryId: string, size: Record<string, string>) => {
    const key = `${categoryId} ${sizeKeyOf(size)}`;
    wanted.set(key, (wanted.get(key) ?? 0) + 1);
  };
  for (const line of lines) {
    if (line.type === 'item') add(line.categoryId, line.size);
    else for (const part of line.components) add(part.categoryId, part.size);
  }
  return wanted;
}

/** What is still free of a kind once the cart's own lines are counted. */
export function stillFree(
  category: BookableCategory,
  kind: BookableKind,
  wanted: Map<string, number>,
): number {
  return Math.max(0, kind.free - (wanted.get(`${category.id} ${sizeKeyOf(kind.size)}`) ?? 0));
}

/** What is still free of a category in any size once the cart's own lines are counted. */
export function freeOf(category: BookableCategory, wanted: Map<string, number>): number {
  return category.kinds.reduce((n, kind) => n + stillFree(category, kind, wanted), 0);
}
