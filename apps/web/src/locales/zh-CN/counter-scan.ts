/** The counter's scan-to-order: each scan's answer, lines that conflict, gear that goes out at once. */
export const counterScan = {
  checking: '正在查询 {{barcode}} 在此租期是否可租…',
  unchecked: '{{barcode}} 已添加，但暂时无法查询是否可租，提交时会再核对',
  openHolder: '查看订单 {{number}}',
  lineTaken: '此租期不可租',
  blocked_one: '有 {{count}} 件设备在此租期不能出租，请移除或更改租期',
  blocked_other: '有 {{count}} 件设备在此租期不能出租，请移除或更改租期',
  handsOver: '扫码添加的设备下单即交付（有款项时付款后即交付），无需再次扫码',
  notAll: '本单有通过搜索添加的设备，下单后仍需在订单页扫码交付',
  scanned: '扫码添加',
  startInPast: '开始时间不能早于现在',
};
