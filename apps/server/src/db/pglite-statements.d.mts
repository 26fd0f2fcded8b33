import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

export function namedStatements(db: PGlite): {
  query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
    inTransaction?: boolean,
  ): Promise<Results<T>>;
};

export function withNamedStatements(db: PGlite): {
  query: Query;
  transaction<T>(work: (tx: { query: Query }) => Promise<T>): Promise<T>;
};
