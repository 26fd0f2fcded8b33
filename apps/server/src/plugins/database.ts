import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '@/db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle on PGlite or PostgreSQL. */
    db: Database;
    database: DatabaseHandle;
  }
}

/** Shares the opened database with every module. Whoever opened it closes it. */
export const databasePlugin = fp<{ database: DatabaseHandle }>(
  async (app: FastifyInstance, { database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database' },
);
