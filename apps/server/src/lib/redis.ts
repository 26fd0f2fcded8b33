import type { Redis } from 'ioredis';

/**
 * This process's Redis connection (`REDIS_URL`), for the shared rate limits and cache
 * invalidation. A request never waits on a Redis that is away: while the connection is down a
 * command fails at once instead of queueing, and one that gets no answer fails after a second.
 * The rate limit then lets requests through, caches expire by themselves, and `/ready` says
 * Redis is unreachable. It reconnects by itself.
 */
export async function openRedis(url: string, log: (line: string) => void): Promise<Redis> {
  // Loaded only with REDIS_URL: a server without one never holds Redis's client in memory.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 1000,
    maxRetriesPerRequest: 0,
    connectTimeout: 5000,
    // Its commands name the connection in `CLIENT LIST`.
    connectionName: 'snowgear-server',
  });
  // Said once per outage, not at every reconnection attempt.
  let said = '';
  redis.on('error', (err: Error) => {
    if (err.message === said) return;
    said = err.message;
    log(`redis: ${err.message}`);
  });
  redis.on('ready', () => {
    said = '';
  });
  return redis;
}

/** Readiness: Redis answers a PING. */
export async function pingRedis(redis: Redis): Promise<void> {
  const answer: string = await redis.ping();
  if (answer !== 'PONG') throw new Error(`redis answered ${answer}`);
}
