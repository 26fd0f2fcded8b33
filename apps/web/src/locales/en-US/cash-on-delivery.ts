import type { Messages } from '../zh-CN';

/** Cash on delivery: paid at the door, collected by the driver before the hand-over. */
export const cashOnDelivery: Messages['cashOnDelivery'] = {
  tag: 'Cash on delivery · collect {{amount}}',
  payerTag: 'Pay on delivery · {{amount}} at the door',
  runTag: 'Cash on delivery · collect {{amount}}',
  option: 'Pay on delivery',
  optionTip:
    'This store takes cash on delivery: the driver collects {{amount}} at the door (cash or scan to pay) and then hands the gear over.',
  choose: 'Pay on delivery',
  chooseTitle: 'Pay on delivery?',
  chooseConfirm:
    'Your order is kept for delivery; the driver collects {{amount}} at the door and then hands the gear over.',
  chooseOk: 'Confirm',
  back: 'Back',
  chosenDone: 'Pay on delivery chosen: waiting for delivery',
  chosenTip:
    'Pay on delivery: the driver collects {{amount}} at the door (cash or scan to pay) and then hands the gear over. You can also pay online now.',
  cashAtDoor: 'Hand the cash to the driver at the door.',
  staffChoose: 'Switch to cash on delivery',
  staffChooseTitle: 'Switch to cash on delivery?',
  staffChooseConfirm:
    'The order is no longer cancelled for not being paid in time; it can be prepared and sent out, and the driver collects {{amount}} at the door.',
  collectFirst: 'Collect {{amount}} first',
  collectFirstTip:
    'Cash on delivery: collect {{amount}} first, then hand the gear over and confirm the delivery.',
  dueTitle: 'To collect',
  cashButton: 'Take cash {{amount}}',
  cashTitle: 'Cash received?',
  cashConfirm: 'Confirm you took {{amount}} in cash from the customer; then hand the gear over.',
  cashOk: 'Cash received',
  cashDone: 'Paid: you can confirm the delivery',
  cashTakeFirst: 'This run is still in the open pool: take it to collect the cash here.',
  cashTaken: 'Run taken: you can collect now',
  cashHeldBy:
    "This is {{name}}'s run: they or the store confirm the cash. The customer can still scan to pay.",
  cashAtCounter: 'A counter order is paid at the counter.',
  scanTitle: 'Customer scans to pay',
  scanTip: 'Let the customer scan the code with their phone; this page updates once it is paid.',
  noOnline: 'This store takes no online payments: collect cash.',
  nothingDue: 'Nothing to collect',
  backToOrder: 'Back to the order',
};
