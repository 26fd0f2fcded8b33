// How the embedded database starts, for PGlite on the server's thread (client.ts) and in its
// worker thread (pglite-worker.mjs). Plain JavaScript, like the worker, which Node loads as it is.
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's page cache (PostgreSQL's shared_buffers) unless EMBEDDED_DB_BUFFERS_MB
 * says otherwise. PostgreSQL's own default, 128 MB, is sized for a server that holds nothing else;
 * in PGlite it sits in the WebAssembly memory, which never shrinks, and made most of the idle
 * server's memory. A store's data is read from the operating system's file cache when it is not
 * in these buffers.
 */
export const DEFAULT_BUFFERS_MB = 16;

/** PGlite's start parameters with the page cache set to `buffersMb`. */
export function startParams(buffersMb = DEFAULT_BUFFERS_MB) {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffersMb}MB`];
}
