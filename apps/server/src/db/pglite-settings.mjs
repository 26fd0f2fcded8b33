// How the embedded database starts, for PGlite on the server's thread (client.ts) and in its
// worker thread (pglite-worker.mjs). Plain JavaScript, like the worker, which Node loads as it is.
import { setFlagsFromString } from 'node:v8';
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

/**
 * How much of a WebAssembly function must run before V8 compiles it again with its optimizing
 * compiler: roughly bytes of code run, a thousand times Node 20's V8 default (1.8 million) and
 * about 140 times Node 24's (13 million).
 *
 * V8 first compiles PGlite's build of PostgreSQL quickly and plainly, and optimizes each function
 * once it has run this much. At V8's default, every new kind of statement (the first sweep of due
 * orders, a first report) ran enough of PostgreSQL's thousands of functions to optimize dozens of
 * them: each time the compiler took 20–70 MiB for a moment, which the allocator kept until it was
 * trimmed, and its work on the second core slowed the answers it was meant to speed up. At this
 * budget only what runs all the time under steady work (the executor, the indexes) is optimized,
 * within about half a minute of it. Measured in docs/performance.md ("Memory of the embedded server").
 */
export const WASM_TIERING_BUDGET = 1_800_000_000;

/**
 * Sets WASM_TIERING_BUDGET for what is compiled from now on (the flag is the process's: a
 * PostgreSQL made after it in any thread). Called before PGlite is made.
 */
export function optimizeOnlyHotWebAssembly() {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}
