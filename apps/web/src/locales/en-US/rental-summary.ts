import type { Messages } from '../zh-CN';

export const rentalSummary: Messages['rentalSummary'] = {
  title: 'Order details',
  store: 'Store',
  pickUp: 'Gear from',
  giveBack: 'Gear back',
  days_one: '{{count}} day',
  days_other: '{{count}} days',
  method: {
    SelfPickup: 'Pick up at the store',
    Delivery: 'Delivered to you',
    SelfReturn: 'Return to the store',
    Pickup: 'Collected from you',
  },
  deliverTo: 'Delivery address: {{address}}',
  collectFrom: 'Pickup address: {{address}}',
  addressHidden: 'The address is shown only to the customer and the store',
  addressMissing: 'No address entered yet',
  noRider: 'No skier chosen',
  riderNumber: 'Skier {{number}}',
  rate_one: '{{price}} × {{count}} day',
  rate_other: '{{price}} × {{count}} days',
  lineDeposit: 'Deposit {{amount}}',
  thisItem: 'This item: {{barcode}}',
  rent: 'Rent',
  deposit: 'Deposit (refundable)',
  pickupFee: 'Pickup fee',
  extension_one: 'Extension, {{count}} day',
  extension_other: 'Extension, {{count}} days',
  total: 'Total',
  depositNote:
    'The deposit comes back once the gear is returned and checked; damage or loss is deducted as the store’s rules say.',
  cancel: {
    title: 'Cancellation and refunds',
    until: {
      '0': 'Once placed, the order cannot be cancelled here: please call the store.',
      '1': 'You can cancel at any time until the store confirms the order.',
      '11': 'You can cancel at any time until you pay.',
      '2': 'You can cancel at any time until you pay.',
      '3': 'You can cancel at any time until the driver sets off with your gear.',
      '4': 'You can cancel at any time until your gear is delivered.',
      '5': 'You can cancel at any time until you collect your gear.',
    },
    refund:
      'When you cancel, everything you paid comes back in full (online payments the way they were paid, cash from the store), and nothing more is charged.',
    unpaid_one:
      'An order not paid within {{count}} hour of booking is cancelled and its gear released to other customers.',
    unpaid_other:
      'An order not paid within {{count}} hours of booking is cancelled and its gear released to other customers.',
    unpaidAfterConfirm_one:
      'An order not paid within {{count}} hour of the store confirming it is cancelled and its gear released to other customers.',
    unpaidAfterConfirm_other:
      'An order not paid within {{count}} hours of the store confirming it is cancelled and its gear released to other customers.',
    payBy: 'Please pay by {{time}}, or the order is cancelled.',
  },
};
