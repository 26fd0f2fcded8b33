import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row of `table` as one JSON object keyed as drizzle names its columns, for reading a row's
 * children in the same statement (`json_agg(jsonRow(child))`). json_build_object takes at most
 * 100 arguments: tables of up to 50 columns.
 */
export function jsonRow(table: PgTable): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(
    // The keys are the schema's own property names, never input.
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * Such an object read back as drizzle reads the row itself: each column's own mapping (a
 * timestamp's text to a Date, as drizzle does with `new Date(text)`, and so on).
 */
export function fromJsonRow<T extends PgTable>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const value = json[key];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  );
}
