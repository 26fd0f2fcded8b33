/** How an order reads once it is under way: each line's return, refund bills, the addresses. */
export const orderView = {
  returnState: {
    returned: '已归还',
    damaged: '损坏',
    lost: '丢失',
    earlyReturned: '提前归还',
  },
  returnStateAt: '{{state}} · {{at}}',
  refundMethods: { cash: '现金退款', wechat: '微信退款', alipay: '支付宝退款' },
  refundPaid: '{{method}} · {{who}} · {{at}}',
  refundPending: '待退款',
  deliveryAddress: '送货地址',
  pickupAddress: '取件地址',
};
