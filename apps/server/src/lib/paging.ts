import type { PagedRequest } from '@snowgear/contracts';

/** Drizzle `limit`/`offset` from ABP paging input. */
export function pageOf(input: Pick<PagedRequest, 'skipCount' | 'maxResultCount'>) {
  return { limit: input.maxResultCount, offset: input.skipCount };
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
