import type { FastifyRequest } from 'fastify';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import {
  BillKind,
  BillStatus,
  ErrorCode,
  PaymentMethod,
  RoleName,
  type ShiftClose,
  type ShiftCloseClerk,
  type ShiftCloseQuerySchema,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database } from '@/db/client.js';
import { bills, orders, stores, users } from '@/db/schema.js';
import { columnInLanguage } from '@/lib/english.js';
import { AppError, notFound } from '@/lib/errors.js';
import { zonedMidnight } from '@/lib/local-time.js';
import { isEnglish, message } from '@/lib/messages.js';
import { findStore } from '@/lib/stores.js';
import { rolesOfUsers } from '@/modules/identity/repository.js';
import { businessDay } from '@/modules/orders/numbering.js';
import { toYuan } from '@/modules/orders/pricing.js';

type Input = z.output<typeof ShiftCloseQuerySchema>;

/** Roles that work at the counter: someone holding one of these is not counted as a driver. */
const COUNTER_ROLES: readonly string[] = [
  RoleName.SuperAdmin,
  RoleName.StoreManager,
  RoleName.StoreEmployee,
];

interface Tally {
  clerkId: string | null;
  name: string;
  inFen: number;
  inCount: number;
  outFen: number;
  outCount: number;
  bills: ShiftClose['clerks'][number]['bills'];
}

/**
 * Shift close: the cash each clerk took in and gave back on one business day at one store, to
 * count the drawer against. It reads cash bills marked paid whose money moved that day (paid_at),
 * of the store's orders; the one who confirmed the cash is the clerk (a driver who took cash at
 * the door is a line of their own), and a refund bill is cash given back.
 */
export class ShiftCloseService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
    private readonly timeZone: string,
  ) {}

  /** A super admin picks any store (their own, else the first, when none is named); others get their own. */
  private async store(requested: string | undefined): Promise<{ id: string; name: string }> {
    const user = this.request.user!;
    const tenantId = this.request.tenantId;
    if (!user.roles.includes(RoleName.SuperAdmin)) {
      const own = user.primaryStoreId;
      if (!own)
        throw new AppError(403, ErrorCode.Forbidden, message(this.request, 'FinanceNoStore'));
      if (requested && requested !== own) {
        throw new AppError(403, ErrorCode.Forbidden, message(this.request, 'FinanceOtherStore'));
      }
      requested = own;
    }
    if (requested) {
      const store = await findStore(this.db, tenantId, requested, isEnglish(this.request));
      if (!store) throw notFound(ErrorCode.StoreNotFound, message(this.request, 'StoreNotFound'));
      return store;
    }
    const own = user.primaryStoreId
      ? await findStore(this.db, tenantId, user.primaryStoreId, isEnglish(this.request))
      : undefined;
    if (own) return own;
    const [first] = await this.db
      .select({
        id: stores.id,
        name: columnInLanguage(isEnglish(this.request), stores.name, stores.nameEn),
      })
      .from(stores)
      .where(eq(stores.tenantId, tenantId))
      .orderBy(asc(stores.sortOrder), asc(stores.name))
      .limit(1);
    if (!first) throw notFound(ErrorCode.StoreNotFound, message(this.request, 'StoreNotFound'));
    return first;
  }

  async shiftClose(input: Input): Promise<ShiftClose> {
    const day = input.date ?? isoDay(businessDay(new Date(), this.timeZone));
    const store = await this.store(input.storeId);
    const rows = await this.db
      .select({
        billId: bills.id,
        kind: bills.kind,
        amountFen: bills.amountFen,
        paidAt: bills.paidAt,
        confirmedBy: bills.confirmedBy,
        confirmedByName: bills.confirmedByName,
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        customerName: orders.customerName,
        userName: users.userName,
        name: users.name,
      })
      .from(bills)
      .innerJoin(orders, eq(orders.id, bills.orderId))
      .leftJoin(users, eq(users.id, bills.confirmedBy))
      .where(
        and(
          eq(bills.tenantId, this.request.tenantId),
          eq(bills.status, BillStatus.Paid),
          eq(bills.method, PaymentMethod.Cash),
          gte(bills.paidAt, zonedMidnight(day, this.timeZone)),
          lt(bills.paidAt, zonedMidnight(day, this.timeZone, 1)),
          eq(orders.storeId, store.id),
        ),
      )
      .orderBy(asc(bills.paidAt), asc(bills.id));

    // One line per clerk, in the order they first handled cash that day.
    const clerks = new Map<string, Tally>();
    for (const row of rows) {
      const name = row.confirmedByName || row.name || row.userName || '';
      const key = row.confirmedBy ?? `name:${name}`;
      const tally = clerks.get(key) ?? {
        clerkId: row.confirmedBy,
        name,
        inFen: 0,
        inCount: 0,
        outFen: 0,
        outCount: 0,
        bills: [],
      };
      if (row.kind === BillKind.Refund) {
        tally.outFen += row.amountFen;
        tally.outCount += 1;
      } else {
        tally.inFen += row.amountFen;
        tally.inCount += 1;
      }
      tally.bills.push({
        billId: row.billId,
        paidAt: (row.paidAt ?? new Date(0)).toISOString(),
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        customerName: row.customerName,
        kind: row.kind,
        amount: toYuan(row.amountFen),
      });
      clerks.set(key, tally);
    }

    const roles = await rolesOfUsers(
      this.db,
      [...clerks.values()].map((c) => c.clerkId).filter((id): id is string => !!id),
    );
    const isDriver = (id: string | null) => {
      const held = (id && roles.get(id)) || [];
      return held.includes(RoleName.Driver) && !held.some((r) => COUNTER_ROLES.includes(r));
    };
    let inFen = 0;
    let inCount = 0;
    let outFen = 0;
    let outCount = 0;
    const lines = [...clerks.values()].map((c): ShiftCloseClerk => {
      inFen += c.inFen;
      inCount += c.inCount;
      outFen += c.outFen;
      outCount += c.outCount;
      return {
        clerkId: c.clerkId,
        name: c.name,
        isDriver: isDriver(c.clerkId),
        cashIn: { count: c.inCount, amount: toYuan(c.inFen) },
        cashOut: { count: c.outCount, amount: toYuan(c.outFen) },
        net: toYuan(c.inFen - c.outFen),
        bills: c.bills,
      };
    });
    return {
      date: day,
      storeId: store.id,
      storeName: store.name,
      clerks: lines,
      totals: {
        cashIn: { count: inCount, amount: toYuan(inFen) },
        cashOut: { count: outCount, amount: toYuan(outFen) },
        net: toYuan(inFen - outFen),
      },
    };
  }
}

/** YYYYMMDD as YYYY-MM-DD. */
const isoDay = (compact: string) =>
  `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
