import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

/**
 * Gives the operating system back the memory this process freed but glibc's allocator kept.
 *
 * glibc returns freed memory on its own only from the top of each heap. What V8 frees after
 * compiling (the server's code, and PGlite's WebAssembly build of PostgreSQL in the database's
 * thread) and what a burst of requests frees lies below memory still in use, so it stayed
 * resident: an idle embedded server held 283–290 MiB after its first sweep of due orders, of
 * which `malloc_trim(0)` gave back about 70 MiB. (docs/performance.md, "Memory of the embedded
 * server".)
 *
 * The server calls it once it is ready and every 30 s after (server.ts). Off glibc (musl, macOS,
 * Windows) there is no such call and nothing is done: those allocators return memory themselves.
 */
export function releaseFreedMemory(): boolean {
  trim ??= loadTrim();
  return trim ? trim(0) === 1 : false;
}

type Trim = (pad: number) => number;
let trim: Trim | false | undefined;

function loadTrim(): Trim | false {
  if (process.platform !== 'linux') return false;
  try {
    // koffi calls a C function of a shared library (here glibc's malloc_trim) without an addon
    // of our own; its package carries the built library for each platform. On a Linux without
    // glibc (musl) there is no libc.so.6 and loading it throws.
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
  } catch {
    return false;
  }
}
