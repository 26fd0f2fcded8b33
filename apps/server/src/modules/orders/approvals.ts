import type { FastifyRequest } from 'fastify';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import {
  BusinessParameterKey,
  ErrorCode,
  MONEY_APPROVAL_FRESH_MINUTES,
  MoneyApprovalStatus,
  RoleName,
  staffDiscountPercent,
  staffLimitFen,
  MoneyApprovalKind,
  type ManagerApproval,
  type MoneyApproval,
  type MoneyApprovalDecisionSchema,
  type MoneyApprovalDraftSchema,
  type MoneyApprovalRequestSchema,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database, Transaction } from '@/db/client.js';
import { moneyApprovals, orders, stores, users } from '@/db/schema.js';
import { businessParameter } from '@/lib/business-parameters.js';
import { AppError, businessError, conflictError, notFound } from '@/lib/errors.js';
import { isEnglish, message } from '@/lib/messages.js';
import { verifyPassword } from '@/modules/identity/passwords.js';
import { findUserByLogin, rolesOf } from '@/modules/identity/repository.js';
import type { LoginThrottle } from '@/modules/identity/throttle.js';
import { moneyMessage, type MoneyMessageKey } from './money-messages.js';
import { toFen, toYuan } from './pricing.js';
import { staffName } from './timeline.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed sign-ins, counted alike whether someone signs in or a manager approves on a clerk's phone. */
    loginThrottle: LoginThrottle;
  }
}

type ApprovalRow = typeof moneyApprovals.$inferSelect;
type RequestInput = z.output<typeof MoneyApprovalRequestSchema>;
type DecisionInput = z.output<typeof MoneyApprovalDecisionSchema>;
export type ApprovalDraft = z.output<typeof MoneyApprovalDraftSchema>;

/** What a manager approves, as the server prices it: never the caller's figures. */
export interface ApprovalSubject {
  /** The rent the amount is measured against (fen). */
  rentFen: number;
  customerName: string;
  /** The rent lines (gear × days) in both languages (English empty where none was given). */
  gear: { name: string; nameEn: string }[];
}

/** Prices what an approval is asked for: an order, or the lines of one being created. */
export interface ApprovalSubjects {
  ofOrder(orderId: string): Promise<ApprovalSubject>;
  ofDraft(storeId: string, draft: ApprovalDraft): Promise<ApprovalSubject>;
}

const FRESH_MS = MONEY_APPROVAL_FRESH_MINUTES * 60_000;

/** A change of money by hand, as the gate sees it. */
export interface MoneyChange {
  storeId: string;
  /** The order changed; none while it is being created. */
  orderId: string | null;
  kind: MoneyApprovalKind;
  amountFen: number;
  /** The rent the clerk's limit is a percent of. */
  baseFen: number;
  /** The reason given with the change (a manager signing in here gives theirs). */
  reason: string;
  approval?: ManagerApproval;
  approvalId?: string;
}

/** Who allowed a change, and the one step left to take inside the change's own transaction. */
export interface Allowed {
  approvedBy: string | null;
  approvedByName: string | null;
  reason: string;
  /** Marks an approval given on the manager's phone as used (refuses one that is not usable). */
  consume(tx: Transaction): Promise<void>;
}

const nothingToConsume = async () => undefined;

/** Whether a signed-in user gives any discount, fee or refund without anyone's approval. */
export function isUnlimited(user: { roles: readonly string[] }): boolean {
  return user.roles.includes(RoleName.SuperAdmin) || user.roles.includes(RoleName.StoreManager);
}

/**
 * The gate every hand-made change of money passes (ARCHITECTURE.md §8): a store manager and the
 * super admin are not limited; a clerk gives up to MaxStaffDiscountPercent of the rent alone, and
 * more with a manager's approval, given here (the manager's user name and password, checked like
 * a sign-in and counted against the same limits, with no session made) or on the manager's phone
 * (an approval's id: approved, of this store, kind and order, for exactly this amount on exactly
 * this rent, fresh, unused; used up in the change's own transaction).
 */
export async function allowMoneyChange(
  db: Database,
  request: FastifyRequest,
  change: MoneyChange,
): Promise<Allowed> {
  const user = request.user!;
  const allowedAlone: Allowed = {
    approvedBy: null,
    approvedByName: null,
    reason: change.reason,
    consume: nothingToConsume,
  };
  if (isUnlimited(user)) return allowedAlone;
  const percent = staffDiscountPercent(
    await businessParameter(
      db,
      request.tenantId,
      change.storeId,
      BusinessParameterKey.MaxStaffDiscountPercent,
    ),
  );
  const limitFen = staffLimitFen(change.baseFen, percent);
  if (change.amountFen <= limitFen) return allowedAlone;

  if (change.approval) {
    const manager = await checkManager(db, request, change.storeId, change.approval);
    return {
      approvedBy: manager.id,
      approvedByName: manager.name,
      reason: change.approval.reason,
      consume: nothingToConsume,
    };
  }
  if (change.approvalId) {
    const row = await findApproval(db, request, change.approvalId);
    const problem = unusable(row, change);
    if (problem) throw notUsable(request, problem, row, change);
    return {
      approvedBy: row.decidedBy,
      approvedByName: row.decidedByName,
      reason: row.reason,
      consume: async (tx) => {
        // Single use: whoever takes it first under its row's lock has it; a second change fails.
        const [used] = await tx
          .update(moneyApprovals)
          .set({ status: MoneyApprovalStatus.Used, updatedAt: new Date() })
          .where(
            and(
              eq(moneyApprovals.id, row.id),
              eq(moneyApprovals.status, MoneyApprovalStatus.Approved),
              gt(moneyApprovals.decidedAt, new Date(Date.now() - FRESH_MS)),
            ),
          )
          .returning({ id: moneyApprovals.id });
        if (!used) {
          const [now] = await tx.select().from(moneyApprovals).where(eq(moneyApprovals.id, row.id));
          throw notUsable(request, unusable(now ?? row, change) ?? 'ApprovalUsed', row, change);
        }
      },
    };
  }
  throw new AppError(
    403,
    ErrorCode.ManagerApprovalRequired,
    moneyMessage(request, 'ApprovalRequired', {
      limit: toYuan(limitFen).toFixed(2),
      base: toYuan(change.baseFen).toFixed(2),
      percent,
      amount: toYuan(change.amountFen).toFixed(2),
    }),
    undefined,
    {
      limit: toYuan(limitFen),
      percent,
      base: toYuan(change.baseFen),
      amount: toYuan(change.amountFen),
    },
  );
}

/**
 * A manager's user name and password given on the clerk's phone: counted as a sign-in attempt
 * (too many failures lock it as they lock signing in), checked as a sign-in is, and never a
 * session. The account must manage the store (or be the super admin), and not be the caller.
 */
async function checkManager(
  db: Database,
  request: FastifyRequest,
  storeId: string,
  given: ManagerApproval,
): Promise<{ id: string; name: string }> {
  const user = await findUserByLogin(db, request.tenantId, given.userName);
  const attempt = await request.server.loginThrottle.begin(db, request, {
    userId: user?.id,
    login: given.userName,
  });
  const ok = await verifyPassword(user?.passwordHash ?? null, given.password);
  if (!user || !ok) {
    throw businessError(ErrorCode.InvalidCredentials, message(request, 'InvalidCredentials'));
  }
  // The password was right: it is not a failure, whatever the answer below.
  await attempt.succeeded();
  if (!user.isActive) {
    throw businessError(ErrorCode.AccountDisabled, message(request, 'AccountDisabled'));
  }
  const name = staffName(user);
  if (user.id === request.user!.id) {
    throw businessError(ErrorCode.ApproverNotManager, moneyMessage(request, 'ApproverIsYou'));
  }
  const roles = await rolesOf(db, user.id);
  const manages =
    roles.includes(RoleName.SuperAdmin) ||
    (roles.includes(RoleName.StoreManager) && user.primaryStoreId === storeId);
  if (!manages) {
    throw businessError(
      ErrorCode.ApproverNotManager,
      moneyMessage(request, 'ApproverNotManager', { name }),
    );
  }
  return { id: user.id, name };
}

async function findApproval(db: Database | Transaction, request: FastifyRequest, id: string) {
  const [row] = await db
    .select()
    .from(moneyApprovals)
    .where(and(eq(moneyApprovals.tenantId, request.tenantId), eq(moneyApprovals.id, id)));
  if (!row) {
    throw notFound(ErrorCode.ApprovalNotFound, moneyMessage(request, 'ApprovalNotFound'));
  }
  return row;
}

/** Why an approval does not allow this change (null: it does). */
function unusable(row: ApprovalRow, change: MoneyChange): MoneyMessageKey | null {
  if (row.storeId !== change.storeId) return 'ApprovalOtherStore';
  if (row.kind !== change.kind) return 'ApprovalOtherKind';
  // An order's approval allows a change of that order; a new order's, a new order.
  if (row.orderId !== change.orderId) return 'ApprovalOtherOrder';
  if (row.status === MoneyApprovalStatus.Pending) return 'ApprovalPending';
  if (row.status === MoneyApprovalStatus.Refused) return 'ApprovalRefused';
  if (row.status === MoneyApprovalStatus.Used) return 'ApprovalUsed';
  if (!row.decidedAt || Date.now() - row.decidedAt.getTime() > FRESH_MS) return 'ApprovalExpired';
  // For the money it names: the manager judged this amount against this rent.
  if (row.amountFen !== change.amountFen || row.baseFen !== change.baseFen) {
    return OTHER_MONEY[change.kind];
  }
  return null;
}

const OTHER_MONEY: Record<MoneyApprovalKind, MoneyMessageKey> = {
  discount: 'ApprovalOtherMoneyDiscount',
  fee: 'ApprovalOtherMoneyFee',
  refund: 'ApprovalOtherMoneyRefund',
};

function notUsable(
  request: FastifyRequest,
  key: MoneyMessageKey,
  row: ApprovalRow,
  change: MoneyChange,
) {
  return conflictError(
    ErrorCode.ApprovalNotUsable,
    moneyMessage(request, key, {
      minutes: MONEY_APPROVAL_FRESH_MINUTES,
      approved: toYuan(row.amountFen).toFixed(2),
      base: toYuan(row.baseFen).toFixed(2),
      amount: toYuan(change.amountFen).toFixed(2),
      rent: toYuan(change.baseFen).toFixed(2),
    }),
    { status: row.status, amount: toYuan(row.amountFen), base: toYuan(row.baseFen) },
  );
}

/**
 * Approvals asked for from the counter and answered on a manager's phone: a clerk asks (and may
 * withdraw while it waits), the store's managers see what waits and approve or refuse with a
 * reason, the clerk's screen reads the answer.
 */
export class MoneyApprovals {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
  ) {}

  private get user() {
    return this.request.user!;
  }
  private get tenantId() {
    return this.request.tenantId;
  }
  private get seesAllStores() {
    return this.user.roles.includes(RoleName.SuperAdmin);
  }
  private msg(key: MoneyMessageKey, params?: Record<string, string | number>) {
    return moneyMessage(this.request, key, params);
  }

  private assertOwnStore(storeId: string) {
    if (this.seesAllStores || storeId === this.user.primaryStoreId) return;
    throw businessError(ErrorCode.NotYourStore, this.msg('ApprovalNotYourStore'));
  }

  private async name(): Promise<string> {
    const [who] = await this.db
      .select({ name: users.name, userName: users.userName })
      .from(users)
      .where(eq(users.id, this.user.id));
    return who ? staffName(who) : this.user.userName;
  }

  /**
   * A clerk asks. What the amount is measured against is the server's: an order's rent as it
   * stands, or the rent the lines of an order being created will have (priced as the order will
   * be); the approval records it with the customer and the gear, for the manager to judge and for
   * the change to match.
   */
  async ask(input: RequestInput, subjects: ApprovalSubjects) {
    this.assertOwnStore(input.storeId);
    let subject: ApprovalSubject;
    if (input.orderId) {
      const [order] = await this.db
        .select({ storeId: orders.storeId })
        .from(orders)
        .where(and(eq(orders.tenantId, this.tenantId), eq(orders.id, input.orderId)));
      if (!order || order.storeId !== input.storeId) {
        throw notFound(ErrorCode.OrderNotFound, message(this.request, 'OrderNotFound'));
      }
      subject = await subjects.ofOrder(input.orderId);
    } else {
      // The schema asks a draft of every request without an order.
      subject = await subjects.ofDraft(input.storeId, input.draft!);
    }
    const amountFen = toFen(input.amount);
    // A discount beyond the rent is refused however it is approved (discounts.ts): not asked.
    if (input.kind === MoneyApprovalKind.Discount && amountFen > subject.rentFen) {
      throw new AppError(
        400,
        ErrorCode.DiscountAboveRent,
        this.msg('DiscountAboveRent', { rent: toYuan(subject.rentFen).toFixed(2) }),
        undefined,
        { rent: toYuan(subject.rentFen) },
      );
    }
    const [row] = await this.db
      .insert(moneyApprovals)
      .values({
        tenantId: this.tenantId,
        storeId: input.storeId,
        orderId: input.orderId ?? null,
        kind: input.kind,
        amountFen,
        baseFen: subject.rentFen,
        customerName: subject.customerName,
        gear: subject.gear,
        reason: input.reason,
        status: MoneyApprovalStatus.Pending,
        requestedBy: this.user.id,
        requestedByName: await this.name(),
      })
      .returning();
    return this.toDto(row!);
  }

  /** One approval: for whoever asked, and the managers of its store. */
  async get(id: string): Promise<MoneyApproval> {
    const row = await findApproval(this.db, this.request, id);
    if (row.requestedBy !== this.user.id) this.assertOwnStore(row.storeId);
    return this.toDto(row);
  }

  /** The asker gives up waiting: a request not yet answered goes away. */
  async withdraw(id: string): Promise<void> {
    const row = await findApproval(this.db, this.request, id);
    if (row.requestedBy !== this.user.id) {
      throw businessError(ErrorCode.Forbidden, this.msg('ApprovalNotYours'));
    }
    await this.db
      .delete(moneyApprovals)
      .where(
        and(eq(moneyApprovals.id, id), eq(moneyApprovals.status, MoneyApprovalStatus.Pending)),
      );
  }

  /** Requests of the manager's store waiting for an answer (fresh ones), newest first. */
  async pending(storeId?: string): Promise<MoneyApproval[]> {
    const store = this.seesAllStores ? storeId : (this.user.primaryStoreId ?? undefined);
    if (!this.seesAllStores && !store) return [];
    const rows = await this.db
      .select()
      .from(moneyApprovals)
      .where(
        and(
          eq(moneyApprovals.tenantId, this.tenantId),
          store ? eq(moneyApprovals.storeId, store) : undefined,
          eq(moneyApprovals.status, MoneyApprovalStatus.Pending),
          gt(moneyApprovals.createdAt, new Date(Date.now() - FRESH_MS)),
        ),
      )
      .orderBy(desc(moneyApprovals.createdAt))
      .limit(100);
    return this.toDtos(rows);
  }

  /**
   * A manager of the store approves (keeping the clerk's reason, or giving theirs) or refuses
   * with a reason; a request answered already, or withdrawn, is not answered twice.
   */
  async decide(id: string, decision: DecisionInput): Promise<MoneyApproval> {
    const row = await findApproval(this.db, this.request, id);
    this.assertOwnStore(row.storeId);
    const [decided] = await this.db
      .update(moneyApprovals)
      .set({
        status: decision.approve ? MoneyApprovalStatus.Approved : MoneyApprovalStatus.Refused,
        reason: decision.reason || row.reason,
        decidedBy: this.user.id,
        decidedByName: await this.name(),
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(moneyApprovals.id, id),
          eq(moneyApprovals.status, MoneyApprovalStatus.Pending),
          gt(moneyApprovals.createdAt, new Date(Date.now() - FRESH_MS)),
        ),
      )
      .returning();
    if (!decided) {
      const [now] = await this.db.select().from(moneyApprovals).where(eq(moneyApprovals.id, id));
      throw conflictError(
        ErrorCode.ApprovalNotUsable,
        this.msg(
          now?.status === MoneyApprovalStatus.Pending
            ? 'ApprovalExpired'
            : 'ApprovalAlreadyDecided',
          { minutes: MONEY_APPROVAL_FRESH_MINUTES },
        ),
      );
    }
    return this.toDto(decided);
  }

  private async toDto(row: ApprovalRow): Promise<MoneyApproval> {
    return (await this.toDtos([row]))[0]!;
  }

  private async toDtos(rows: ApprovalRow[]): Promise<MoneyApproval[]> {
    if (rows.length === 0) return [];
    const orderIds = [...new Set(rows.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
    const [storeRows, orderRows] = await Promise.all([
      this.db
        .select({ id: stores.id, name: stores.name })
        .from(stores)
        .where(eq(stores.tenantId, this.tenantId)),
      orderIds.length
        ? this.db
            .select({ id: orders.id, orderNumber: orders.orderNumber })
            .from(orders)
            .where(inArray(orders.id, orderIds))
        : [],
    ]);
    const now = Date.now();
    const en = isEnglish(this.request);
    return rows.map((r) => {
      const since =
        r.status === MoneyApprovalStatus.Pending ? r.createdAt : (r.decidedAt ?? r.createdAt);
      return {
        id: r.id,
        storeId: r.storeId,
        storeName: storeRows.find((s) => s.id === r.storeId)?.name ?? '',
        orderId: r.orderId,
        orderNumber: orderRows.find((o) => o.id === r.orderId)?.orderNumber ?? null,
        kind: r.kind,
        amount: toYuan(r.amountFen),
        base: toYuan(r.baseFen),
        percent: r.baseFen > 0 ? Math.round((r.amountFen / r.baseFen) * 1000) / 10 : null,
        customerName: r.customerName,
        gear: r.gear.map((g) => (en && g.nameEn) || g.name),
        reason: r.reason,
        status: r.status,
        expired:
          (r.status === MoneyApprovalStatus.Pending || r.status === MoneyApprovalStatus.Approved) &&
          now - since.getTime() > FRESH_MS,
        requestedByName: r.requestedByName,
        decidedByName: r.decidedByName,
        decidedAt: r.decidedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      };
    });
  }
}
