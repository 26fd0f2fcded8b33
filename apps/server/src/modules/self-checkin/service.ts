import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  ErrorCode,
  RoleName,
  SELF_CHECKIN_HOURS,
  SELF_CHECKIN_RIDERS_MAX,
  type PublicSelfCheckin,
  type RiderFields,
  type SelfCheckin,
  type SelfCheckinRider,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { selfCheckins, stores } from '@/db/schema.js';
import { businessError, conflictError, notFound } from '@/lib/errors.js';
import { columnInLanguage } from '@/lib/english.js';
import { isEnglish, message } from '@/lib/messages.js';
import { findStore } from '@/lib/stores.js';

type Row = typeof selfCheckins.$inferSelect;

/** A check-in as a family member's phone reads it: where, until when, how many so far. */
function publicOf(storeName: string, row: Pick<Row, 'riders' | 'expiresAt'>): PublicSelfCheckin {
  const count = (row.riders as unknown[]).length;
  return {
    storeName,
    expiresAt: row.expiresAt.toISOString(),
    count,
    full: count >= SELF_CHECKIN_RIDERS_MAX,
  };
}

/** The path of a check-in's form, which its QR code opens. */
export const selfCheckinPath = (token: string) => `/customer/checkin/${token}`;

/**
 * Self check-in (docs/counter.md): the clerk opens one for their store and shows its code; each
 * family member adds themselves through the code without signing in; the clerk's order reads the
 * riders as they come. A check-in opens for SELF_CHECKIN_HOURS and takes SELF_CHECKIN_RIDERS_MAX.
 */
export class SelfCheckinService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
  ) {}

  private get tenantId() {
    return this.request.tenantId;
  }

  private notFound() {
    return notFound(ErrorCode.SelfCheckinNotFound, message(this.request, 'SelfCheckinNotFound'));
  }

  private view(row: Row): SelfCheckin {
    return {
      id: row.id,
      storeId: row.storeId,
      path: selfCheckinPath(row.token),
      expiresAt: row.expiresAt.toISOString(),
      riders: row.riders as SelfCheckinRider[],
    };
  }

  /** A new check-in at the clerk's own store (a super admin's at any). */
  async open(storeId: string): Promise<SelfCheckin> {
    const user = this.request.user!;
    if (!user.roles.includes(RoleName.SuperAdmin) && storeId !== user.primaryStoreId) {
      throw businessError(ErrorCode.OrderOtherStore, message(this.request, 'OrderStoreNotYours'));
    }
    if (!(await findStore(this.db, this.tenantId, storeId))) {
      throw notFound(ErrorCode.StoreNotFound, message(this.request, 'StoreNotFound'));
    }
    const [row] = await this.db
      .insert(selfCheckins)
      .values({
        tenantId: this.tenantId,
        storeId,
        // 128 bits, url-safe: the code opens the form, a guess does not.
        token: randomBytes(16).toString('base64url'),
        createdBy: user.id,
        expiresAt: new Date(Date.now() + SELF_CHECKIN_HOURS * 3_600_000),
      })
      .returning();
    return this.view(row!);
  }

  /** The check-in as the clerk's order reads it: the riders so far. */
  async get(id: string): Promise<SelfCheckin> {
    const user = this.request.user!;
    const [row] = await this.db
      .select()
      .from(selfCheckins)
      .where(and(eq(selfCheckins.tenantId, this.tenantId), eq(selfCheckins.id, id)));
    const mine =
      !!row && (user.roles.includes(RoleName.SuperAdmin) || row.storeId === user.primaryStoreId);
    if (!row || !mine) throw this.notFound();
    return this.view(row);
  }

  private async byToken(token: string) {
    const [row] = await this.db
      .select({
        checkin: selfCheckins,
        storeName: columnInLanguage(isEnglish(this.request), stores.name, stores.nameEn),
      })
      .from(selfCheckins)
      .innerJoin(stores, eq(stores.id, selfCheckins.storeId))
      .where(
        and(
          eq(selfCheckins.tenantId, this.tenantId),
          eq(selfCheckins.token, token),
          gt(selfCheckins.expiresAt, new Date()),
        ),
      );
    if (!row) throw this.notFound();
    return row;
  }

  /** What a family member's phone reads first (no sign-in: the code is the key). */
  async publicView(token: string): Promise<PublicSelfCheckin> {
    const { checkin, storeName } = await this.byToken(token);
    return publicOf(storeName, checkin);
  }

  /**
   * A family member adds themselves. One statement appends while there is room, so members
   * sending at once each get in, and never more than the limit.
   */
  async addRider(token: string, rider: RiderFields): Promise<PublicSelfCheckin> {
    const { checkin, storeName } = await this.byToken(token);
    const entry: SelfCheckinRider = { ...rider, key: `s${randomBytes(5).toString('hex')}` };
    const [added] = await this.db
      .update(selfCheckins)
      .set({
        riders: sql`${selfCheckins.riders} || ${JSON.stringify([entry])}::jsonb`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(selfCheckins.id, checkin.id),
          sql`jsonb_array_length(${selfCheckins.riders}) < ${SELF_CHECKIN_RIDERS_MAX}`,
        ),
      )
      .returning({ riders: selfCheckins.riders, expiresAt: selfCheckins.expiresAt });
    if (!added) {
      throw conflictError(
        ErrorCode.SelfCheckinFull,
        message(this.request, 'SelfCheckinFull', { max: SELF_CHECKIN_RIDERS_MAX }),
      );
    }
    return publicOf(storeName, added);
  }
}
