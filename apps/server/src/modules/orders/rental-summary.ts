import {
  explainRents,
  FeeItemKind,
  rentalSummaryLines,
  type RentalSummary,
} from '@snowgear/contracts';
import { chooseParameter } from '@/lib/business-parameters.js';
import type { OrderDetailRows } from './repository.js';
import { toYuan } from './pricing.js';
import { deliveryWindowEnd } from './delivery-window.js';
import { timeoutHoursOf } from './sweep.js';

/**
 * What an order is for, as the booking's confirm step showed it (contracts/rental-summary.ts):
 * the store, dates, the way there and back, each rider's gear with its price, the fees and the
 * total. `personal` adds the addresses and the riders' names: only for the order's customer and
 * its store's staff, never for whoever merely holds a payment or QR link.
 */
export function rentalSummaryOf(detail: OrderDetailRows, personal: boolean): RentalSummary {
  const { order, items, fees } = detail;
  const sumOf = (kind: FeeItemKind) =>
    toYuan(fees.filter((f) => f.kind === kind).reduce((sum, f) => sum + f.amountFen, 0));
  const rents = fees
    .filter((f) => f.kind === FeeItemKind.Rent)
    .map((f) => ({
      amount: toYuan(f.amountFen),
      description: f.description,
      explains: f.explains,
    }));
  const lines = rentalSummaryLines(
    items.map(({ item, categoryName, equipmentName, sizeLabel }) => ({
      categoryId: item.categoryId,
      categoryName: categoryName ?? equipmentName ?? '',
      sizeLabel,
      packName: item.packName,
      riderKey: item.riderKey,
      riderName: personal ? (item.rider?.name ?? null) : null,
      dailyPrice: toYuan(item.dailyPriceFen),
      rent: toYuan(item.rentFen ?? item.dailyPriceFen * item.days),
      deposit: toYuan(item.depositFen),
      days: item.days,
    })),
  ).map(({ cartIndex: _, ...line }) => line);
  const explained = explainRents(lines, rents);
  return {
    storeName: detail.storeName ?? '',
    rentalStartTime: order.rentalStartAt.toISOString(),
    rentalEndTime: order.rentalEndAt.toISOString(),
    days: order.days,
    deliveryMethod: order.deliveryMethod as RentalSummary['deliveryMethod'],
    returnMethod: order.returnMethod as RentalSummary['returnMethod'],
    deliveryAddress: personal ? order.deliveryAddress : null,
    returnAddress: personal ? order.returnAddress : null,
    deliveryWindowEnd: deliveryWindowEnd(order)?.toISOString() ?? null,
    lines: explained,
    rent: sumOf(FeeItemKind.Rent),
    deposit: sumOf(FeeItemKind.Deposit),
    fees: fees
      .filter((f) => f.kind !== FeeItemKind.Rent && f.kind !== FeeItemKind.Deposit)
      .map((f) => ({
        kind: f.kind as FeeItemKind,
        amount: toYuan(f.amountFen),
        description: f.description,
      })),
    total: toYuan(order.totalFen),
    orderTimeoutHours: timeoutHoursOf(chooseParameter(detail.timeoutParameters, order.storeId)),
  };
}
