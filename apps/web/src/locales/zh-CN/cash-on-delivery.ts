/** Cash on delivery (货到付款): paid at the door, collected by the driver before the hand-over. */
export const cashOnDelivery = {
  tag: '货到付款 · 待收 {{amount}}',
  payerTag: '货到付款 · 送达时付 {{amount}}',
  runTag: '货到付款 · 待收 {{amount}}',
  // The customer's payment page
  option: '货到付款',
  optionTip: '本店支持货到付款：司机送达时当面收取 {{amount}}（现金或扫码），收款后交付雪具。',
  choose: '选择货到付款',
  chooseTitle: '选择货到付款？',
  chooseConfirm: '订单将保留等待配送，司机送达时收取 {{amount}}，收款后交付雪具。',
  chooseOk: '确定',
  back: '返回',
  chosenDone: '已选择货到付款，等待配送',
  chosenTip:
    '已选择货到付款：司机送达时收取 {{amount}}（现金或扫码支付），收款后交付雪具。您也可以现在在线支付。',
  cashAtDoor: '现金请在送达时交给司机。',
  // The store's order page
  staffChoose: '改为货到付款',
  staffChooseTitle: '改为货到付款？',
  staffChooseConfirm: '订单将不再因超时未支付而取消，可以备货并配送，司机送达时收取 {{amount}}。',
  // The driver
  collectFirst: '先收款 {{amount}}',
  collectFirstTip: '货到付款：请先收取 {{amount}}，再交付雪具并确认送达。',
  dueTitle: '待收金额',
  cashButton: '现金收款 {{amount}}',
  cashTitle: '确认已收到现金？',
  cashConfirm: '请确认已从顾客处收到现金 {{amount}}，收款后交付雪具。',
  cashOk: '已收到现金',
  cashDone: '已收款，可以确认送达',
  scanTitle: '顾客扫码支付',
  scanTip: '请顾客用手机扫描二维码支付，支付完成后本页自动更新。',
  noOnline: '本店未开通在线支付，请收取现金。',
  nothingDue: '无需收款',
  backToOrder: '返回订单',
};
