import { z } from 'zod';
import { queryInteger } from './number-schemas.js';

export const DEFAULT_MAX_RESULT_COUNT = 10;
export const MAX_MAX_RESULT_COUNT = 1000;
/** How far a list may be paged (an offset beyond any real list, and inside the database's range). */
export const MAX_SKIP_COUNT = 10_000_000;

/** ABP paging input (`skipCount`, `maxResultCount`, `sorting`); numbers arrive as query text. */
export const PagedRequestSchema = z.object({
  skipCount: queryInteger(z.number().int().min(0).max(MAX_SKIP_COUNT)).default(0),
  maxResultCount: queryInteger(z.number().int().min(1).max(MAX_MAX_RESULT_COUNT)).default(
    DEFAULT_MAX_RESULT_COUNT,
  ),
  sorting: z.string().max(200).optional(),
});
export type PagedRequest = z.infer<typeof PagedRequestSchema>;

export function pagedResultSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalCount: z.number().int() });
}
export interface PagedResult<T> {
  items: T[];
  totalCount: number;
}
