import { and, ilike, or, sql, type SQL } from 'drizzle-orm';
import { orders, orderSearchText } from '@/db/schema.js';
import { likePattern } from '@/lib/paging.js';

/** A trigram index finds words of three characters or more; shorter ones go by characters. */
const TRIGRAM = 3;

/**
 * Orders whose number, customer name or phone contains the keyword, ignoring case: that match,
 * and beside it a condition the match implies on the text the search's indexes hold (number,
 * name and phone in one string, migration 0022), which is what lets PostgreSQL find the
 * candidates in an index instead of reading every order of the store:
 * - three characters or more: the text contains the keyword (a trigram GIN index);
 * - one or two: the text holds each of the keyword's characters (a GIN index of the characters;
 *   a trigram index cannot serve a two-character name such as 王芳).
 * The result is the same as the match alone; the implied condition only narrows the search.
 */
export function keywordMatch(keyword: string): SQL {
  const like = likePattern(keyword);
  const text = orderSearchText(orders);
  const candidates =
    [...keyword].length >= TRIGRAM
      ? sql`${text} ilike ${like}`
      : sql`string_to_array(lower(${text}), null) @> string_to_array(lower(${keyword}), null)`;
  return and(
    candidates,
    or(
      ilike(orders.orderNumber, like),
      ilike(orders.customerName, like),
      ilike(orders.customerPhone, like),
    ),
  )!;
}
