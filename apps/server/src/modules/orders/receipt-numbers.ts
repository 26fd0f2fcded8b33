import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { BillStatus } from '@snowgear/contracts';
import type { Transaction } from '@/db/client.js';
import { bills, orderNumberSequences } from '@/db/schema.js';

/**
 * Receipt numbers: `R` + the business day the bill was settled (YYYYMMDD in the business time
 * zone) + the tenant's 4-digit sequence of that day, kept in the order numbers' daily counters
 * under the day key `R` + YYYYMMDD. A busy day past 9999 goes on with five digits rather than
 * leave money without a receipt.
 */
export const RECEIPT_PREFIX = 'R';

/**
 * Gives a bill just settled its receipt number, in the transaction that settled it (call it once
 * the bill is paid). The tenant's counter row of the day stays locked to the commit, so numbers
 * are unique and follow one another without gaps among committed settlements. A bill that has a
 * number already, or is not paid, is left as it is. Returns the bill's number (null: none).
 */
export async function giveReceiptNumber(
  tx: Transaction,
  billId: string,
  timeZone: string,
): Promise<string | null> {
  const result: unknown = await tx.execute(sql`
    with settled as (
      select ${bills.tenantId} as tenant_id,
        ${RECEIPT_PREFIX} || to_char(coalesce(${bills.paidAt}, now()) at time zone ${timeZone}, 'YYYYMMDD') as day
      from ${bills}
      where ${bills.id} = ${billId} and ${bills.status} = ${BillStatus.Paid} and ${bills.receiptNo} is null
    ), counter as (
      insert into ${orderNumberSequences} (tenant_id, day, last)
      select tenant_id, day, 1 from settled
      on conflict (tenant_id, day) do update set last = ${orderNumberSequences.last} + 1
      returning day, last
    )
    update ${bills} set receipt_no =
      counter.day || lpad(counter.last::text, greatest(4, length(counter.last::text)), '0')
    from counter
    where ${bills.id} = ${billId}
    returning ${bills.receiptNo} as "receiptNo"`);
  const given = (result as { rows: { receiptNo: string }[] }).rows[0]?.receiptNo;
  if (given) return given;
  const [row] = await tx
    .select({ receiptNo: bills.receiptNo })
    .from(bills)
    .where(eq(bills.id, billId));
  return row?.receiptNo ?? null;
}

/**
 * Numbers a tenant's settled bills that have none yet, oldest settlement first (the demo's
 * history, written straight into the tables).
 */
export async function numberUnnumberedReceipts(
  tx: Transaction,
  tenantId: string,
  timeZone: string,
): Promise<void> {
  const rows = await tx
    .select({ id: bills.id })
    .from(bills)
    .where(
      and(eq(bills.tenantId, tenantId), eq(bills.status, BillStatus.Paid), isNull(bills.receiptNo)),
    )
    .orderBy(asc(bills.paidAt), asc(bills.createdAt), asc(bills.id));
  for (const { id } of rows) await giveReceiptNumber(tx, id, timeZone);
}
