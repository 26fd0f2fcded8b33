import { create } from 'zustand';
import type { QueuedRequest } from '../offline-db';

/** The signed-in user's writes kept offline, as the banner and the queue sheet show them. */
interface QueueState {
  entries: QueuedRequest[];
  syncing: boolean;
}

export const useQueueStore = create<QueueState>()(() => ({ entries: [], syncing: false }));

export const waitingCount = (s: QueueState) =>
  s.entries.filter((e) => e.state === 'waiting').length;
export const conflictCount = (s: QueueState) =>
  s.entries.filter((e) => e.state === 'conflict').length;
