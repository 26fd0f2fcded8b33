import { and, eq, gt } from 'drizzle-orm';
import type { WeChatUserInfo } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { cacheEntries } from '@/db/schema.js';

/**
 * An open id the server itself obtained from WeChat in the last 30 minutes. Binding accepts only
 * these, so nobody can bind an open id they merely typed in.
 */
const TTL_MS = 30 * 60 * 1000;
const key = (tenantId: string, openId: string) => `wechat:pending:${tenantId}:${openId}`;

export async function rememberWeChatUser(db: Database, tenantId: string, info: WeChatUserInfo) {
  const value = JSON.stringify(info);
  const expiresAt = new Date(Date.now() + TTL_MS);
  await db
    .insert(cacheEntries)
    .values({ key: key(tenantId, info.openId), value, expiresAt })
    .onConflictDoUpdate({ target: cacheEntries.key, set: { value, expiresAt } });
}

export async function recentWeChatUser(
  db: Database,
  tenantId: string,
  openId: string,
): Promise<WeChatUserInfo | null> {
  const [row] = await db
    .select({ value: cacheEntries.value })
    .from(cacheEntries)
    .where(
      and(eq(cacheEntries.key, key(tenantId, openId)), gt(cacheEntries.expiresAt, new Date())),
    );
  return row ? (JSON.parse(row.value) as WeChatUserInfo) : null;
}
