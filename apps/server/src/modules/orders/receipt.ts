import { and, eq } from 'drizzle-orm';
import { BillKind, BillStatus, ErrorCode, FeeItemKind, type Receipt } from '@snowgear/contracts';
import { orders, stores } from '@/db/schema.js';
import { inLanguage } from '@/lib/english.js';
import { notFound } from '@/lib/errors.js';
import { rolesOfUsers } from '@/modules/identity/repository.js';
import { findOrderDetail, type OrderDetailRows } from './repository.js';
import { toYuan } from './pricing.js';
import { OrdersService, roleLabel } from './service.js';

type OrderRow = typeof orders.$inferSelect;
type StoreRow = typeof stores.$inferSelect;

/**
 * An order's receipt (issue 36 §5): its lines, fees, deposit, and every settled bill with its
 * receipt number. Its staff and its customer read it through the order; whoever holds the
 * order's share key (the QR page's link) reads it too, with nothing personal and staff by role.
 */
export class OrderReceiptService extends OrdersService {
  /** For the order's store's staff (a super admin any) and its customer: 403 / 404 otherwise. */
  async ofOrder(id: string): Promise<Receipt> {
    const row = await this.row(id);
    const store = await this.storeOf(row.storeId);
    return this.receiptOf(row, store, { staff: !this.customerOnly, personal: true });
  }

  /**
   * As the QR page is given (orders/qr.ts): to the order's customer and staff, or with the
   * order's share key `k`; anyone else is told the order does not exist.
   */
  async byShareKey(orderNumber: string, shareKey: string | undefined): Promise<Receipt> {
    const [found] = await this.db
      .select({ order: orders, store: stores })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(and(eq(orders.tenantId, this.tenantId), eq(orders.orderNumber, orderNumber)));
    const entitled = !!found && this.mayReadPersonal(found.order);
    const keys = this.request.server.orderQrKeys;
    if (!found || !(entitled || keys.verify(this.tenantId, orderNumber, shareKey))) {
      throw notFound(ErrorCode.OrderNotFound, this.msg('OrderNotFound'));
    }
    return this.receiptOf(found.order, found.store, {
      staff: entitled && !this.customerOnly,
      personal: entitled,
    });
  }

  private async storeOf(id: string): Promise<StoreRow> {
    const [store] = await this.db.select().from(stores).where(eq(stores.id, id));
    return store!;
  }

  /**
   * `staff`: names of who confirmed (else their role); `personal`: the customer's name. 404 while
   * nothing is settled: there is no receipt yet.
   */
  private async receiptOf(
    row: OrderRow,
    store: StoreRow,
    view: { staff: boolean; personal: boolean },
  ): Promise<Receipt> {
    const detail = (await findOrderDetail(this.db, this.tenantId, row.id, this.en))!;
    const settled = detail.bills
      .filter((b) => b.status === BillStatus.Paid && b.paidAt && b.receiptNo)
      .sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime());
    if (settled.length === 0) {
      throw notFound(ErrorCode.ReceiptNothingSettled, this.msg('ReceiptNothingSettled'));
    }
    const confirmers = await this.confirmersOf(settled, view.staff);
    const sum = (list: { amountFen: number }[]) => list.reduce((n, x) => n + x.amountFen, 0);
    const paidFen = sum(settled.filter((b) => b.kind !== BillKind.Refund));
    const refundedFen = sum(settled.filter((b) => b.kind === BillKind.Refund));
    const depositFen = sum(detail.fees.filter((f) => f.kind === FeeItemKind.Deposit));
    // The deposit is held once paid for; what came back of it is at most what was held.
    const heldFen = Math.min(depositFen, paidFen);
    return {
      orderId: row.id,
      orderNumber: row.orderNumber,
      qrToken: this.request.server.orderQrKeys.sign(this.tenantId, row.orderNumber),
      status: row.status,
      storeName: inLanguage(this.en, store.name, store.nameEn),
      storeAddress: inLanguage(this.en, store.address, store.addressEn),
      storePhone: store.phone,
      customerName: view.personal ? row.customerName : null,
      rentalStartTime: row.rentalStartAt.toISOString(),
      rentalEndTime: row.rentalEndAt.toISOString(),
      days: row.days,
      timeZone: this.timeZone,
      lines: this.linesOf(detail, view.personal),
      rent: toYuan(sum(detail.fees.filter((f) => f.kind === FeeItemKind.Rent))),
      rentExplanations: detail.fees
        .filter((f) => f.kind === FeeItemKind.Rent && f.explains)
        .map((f) => f.description),
      fees: detail.fees
        .filter((f) => f.kind !== FeeItemKind.Rent && f.kind !== FeeItemKind.Deposit)
        .map((f) => ({
          kind: f.kind as FeeItemKind,
          description: f.description,
          amount: toYuan(f.amountFen),
          reason: f.reason,
        })),
      total: toYuan(row.totalFen),
      depositHeld: toYuan(heldFen),
      depositReturned: toYuan(Math.min(heldFen, refundedFen)),
      bills: settled.map((b) => ({
        id: b.id,
        receiptNo: b.receiptNo!,
        kind: b.kind,
        amount: toYuan(b.amountFen),
        method: b.method,
        paidAt: b.paidAt!.toISOString(),
        confirmedBy: b.confirmedBy ? (confirmers.get(b.confirmedBy) ?? null) : null,
      })),
      paid: toYuan(paidFen),
      refunded: toYuan(refundedFen),
      issuedAt: settled[settled.length - 1]!.paidAt!.toISOString(),
    };
  }

  /** Lines with their person's name where the reader may see names (`personal`). */
  private linesOf(detail: OrderDetailRows, personal: boolean): Receipt['lines'] {
    return detail.items.map(({ item, equipmentName, barcodeNumber, categoryName, sizeLabel }) => ({
      name: equipmentName ?? categoryName ?? '',
      sizeLabel,
      barcodeNumber: barcodeNumber ?? null,
      packName: item.packName,
      dailyPrice: toYuan(item.dailyPriceFen),
      days: item.days,
      rent: toYuan(item.rentFen ?? item.dailyPriceFen * item.days),
      deposit: toYuan(item.depositFen),
      riderName: personal ? (item.rider?.name ?? null) : null,
    }));
  }

  /** Who confirmed each bill: staff read names (as the bill kept them), others the role. */
  private async confirmersOf(
    settled: OrderDetailRows['bills'],
    staff: boolean,
  ): Promise<Map<string, string>> {
    const people = settled.filter((b) => b.confirmedBy);
    if (staff) return new Map(people.map((b) => [b.confirmedBy!, b.confirmedByName ?? '']));
    const ids = [...new Set(people.map((b) => b.confirmedBy!))];
    const roles = ids.length ? await rolesOfUsers(this.db, ids) : new Map<string, string[]>();
    // The customer who confirmed something themselves is not a role to them.
    const self = this.request.user?.id;
    return new Map(
      ids.map((id) => [
        id,
        id === self
          ? (people.find((b) => b.confirmedBy === id)?.confirmedByName ?? '')
          : this.msg(roleLabel(roles.get(id) ?? [])),
      ]),
    );
  }
}
