import type { Messages } from '../zh-CN';

export const orderView: Messages['orderView'] = {
  returnState: {
    returned: 'Returned',
    damaged: 'Damaged',
    lost: 'Lost',
    earlyReturned: 'Returned early',
  },
  returnStateAt: '{{state}} · {{at}}',
  refundMethods: { cash: 'Cash refund', wechat: 'WeChat refund', alipay: 'Alipay refund' },
  refundPaid: '{{method}} · {{who}} · {{at}}',
  refundPending: 'Refund pending',
  deliveryAddress: 'Delivery address',
  pickupAddress: 'Pickup address',
};
