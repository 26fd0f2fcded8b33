import {
  GRADE_ATTRIBUTE,
  type BookableCategory,
  type BookableKind,
  type CartLine,
} from '@snowgear/contracts';

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

/**
 * A pack's part as the pack holds it (contracts' `GRADE_ATTRIBUTE`): where its category has
 * grades, only its kinds of the pack's grade (of none, for a pack of none), as the server holds
 * them; any other category as it is.
 */
export function partInGrade(category: BookableCategory, grade: string): BookableCategory {
  const attribute = category.sizeAttributes.find((a) => a.name === GRADE_ATTRIBUTE);
  if (!attribute) return category;
  const kinds = category.kinds.filter((k) => (k.size[attribute.id] ?? '') === grade);
  return { ...category, kinds, free: kinds.reduce((n, k) => n + k.free, 0) };
}
