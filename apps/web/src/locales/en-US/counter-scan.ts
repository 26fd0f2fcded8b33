import type { Messages } from '../zh-CN';

export const counterScan: Messages['counterScan'] = {
  checking: 'Checking whether {{barcode}} is free for this rental…',
  unchecked:
    '{{barcode}} added, but whether it is free could not be checked now; it is checked again on submit',
  openHolder: 'Open order {{number}}',
  lineTaken: 'Not free for this rental',
  blocked_one: '{{count}} item cannot be rented for this window: remove it or change the dates',
  blocked_other:
    '{{count}} items cannot be rented for this window: remove them or change the dates',
  handsOver:
    'Scanned gear is handed over with the order (as soon as it is paid, if anything is due): no second scan',
  notAll:
    'Some gear was added by search: this order is handed over by scanning on its page, as usual',
  scanned: 'Scanned',
  startInPast: 'The start cannot be before now',
};
