import { EquipmentStatus } from '@snowgear/contracts';

/** Status names (spec §4 table) and the actions each transition is called, in both languages. */
const NAMES: Record<number, [zh: string, en: string]> = {
  [EquipmentStatus.Available]: ['在库', 'in stock'],
  [EquipmentStatus.InUse]: ['已出库', 'checked out'],
  [EquipmentStatus.Damaged]: ['损坏维修中', 'damaged'],
  [EquipmentStatus.Lost]: ['丢失', 'lost'],
  [EquipmentStatus.InTransfer]: ['调拨中', 'in transfer'],
  [EquipmentStatus.Scrapped]: ['已报废', 'scrapped'],
};

export function statusName(status: number, english: boolean): string {
  const pair = NAMES[status];
  return pair ? pair[english ? 1 : 0] : String(status);
}

export type Action =
  'stockOut' | 'stockIn' | 'markDamaged' | 'markLost' | 'scrap' | 'transfer' | 'earlyReturn';

const ACTIONS: Record<Action, [zh: string, en: string]> = {
  stockOut: ['出库', 'checked out'],
  stockIn: ['入库', 'checked in'],
  markDamaged: ['标记为损坏', 'marked damaged'],
  markLost: ['标记为丢失', 'marked lost'],
  scrap: ['报废', 'scrapped'],
  transfer: ['调拨', 'transferred'],
  earlyReturn: ['提前归还', 'returned early'],
};

export function actionName(action: Action, english: boolean): string {
  return ACTIONS[action][english ? 1 : 0];
}

/** Spec §4 transitions: from which statuses each action may start. */
export const ALLOWED_FROM: Record<Action, readonly number[]> = {
  stockOut: [EquipmentStatus.Available],
  stockIn: [
    EquipmentStatus.InUse,
    EquipmentStatus.Damaged,
    EquipmentStatus.Lost,
    EquipmentStatus.InTransfer,
    EquipmentStatus.Scrapped,
  ],
  markDamaged: [EquipmentStatus.Available, EquipmentStatus.InUse],
  markLost: [EquipmentStatus.Available, EquipmentStatus.InUse],
  scrap: [EquipmentStatus.Available, EquipmentStatus.Damaged, EquipmentStatus.Lost],
  transfer: [EquipmentStatus.Available],
  earlyReturn: [EquipmentStatus.Available, EquipmentStatus.InUse],
};

export const OPERATION_NAMES: Record<string, [zh: string, en: string]> = {
  create: ['新增入库', 'added'],
  update: ['修改信息', 'edited'],
  barcode: ['修改条码', 'barcode changed'],
  ...Object.fromEntries(Object.entries(ACTIONS)),
  deleteUnavailable: ['删除不可用时段', 'unavailable time removed'],
  // Written by the order lifecycle: every operation in an item's history has its words.
  handover: ['交付', 'handed over'],
  dispatch: ['出发配送', 'out for delivery'],
  orderReturn: ['订单归还', 'returned on an order'],
};
