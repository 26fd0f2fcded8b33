import type { Messages } from '../zh-CN';

export const storeDashboard: Messages['storeDashboard'] = {
  title: 'Store overview',
  noStore: {
    title: 'No store yet',
    admin:
      'Add the first store in the administration: staff, stock and orders each belong to a store.',
    staff: 'Your account has no store yet; ask an administrator to set it.',
    add: 'Add a store',
  },
  today: 'To do today',
  todayOf: 'To do today, {{date}}',
  figures: {
    toConfirm: 'Agent orders to confirm',
    pickupsToday: 'Collected at the store today',
    deliveriesToday: 'Deliveries to make',
    returnsToday: 'Due back today',
    pickupRuns: 'Pickups to make',
    overdue: 'Overdue',
    toPrepare: 'To prepare',
    selfReturns: 'Self-returns to check',
  },
  stock: 'Stock',
  gearInUse: 'Gear out with customers',
  lowStock: 'Small equipment running low',
  takings: 'Takings today',
  takingsNet: 'Net',
  takingsMethod: '{{method}}: in {{payments}}, out {{refunds}}',
  week: 'Last 7 days',
  weekRentals: 'Rentals started',
  weekTakings: 'Net takings',
  weekBar: '{{day}}: rentals started {{rentals}}',
  weekBarMoney: '{{day}}: rentals started {{rentals}}, net takings {{takings}}',
  open: 'Open {{name}}, {{count}}',
  admin: 'Administration',
  adminTip: 'Stores, parameters, categories, help articles, people and logs',
  shortcuts: 'Shortcuts',
};
