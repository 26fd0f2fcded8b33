import * as fakeIndexedDb from 'fake-indexeddb';
import { vi } from 'vitest';

/**
 * Gives the page an empty IndexedDB (jsdom has none; fake-indexeddb is the real API in memory).
 * Stubbed, not installed for good: the files after this one find no IndexedDB, as before it.
 */
export function emptyIndexedDb(): void {
  for (const [name, value] of Object.entries(fakeIndexedDb)) {
    if (name.startsWith('IDB')) vi.stubGlobal(name, value);
  }
  vi.stubGlobal('indexedDB', new fakeIndexedDb.IDBFactory());
}
