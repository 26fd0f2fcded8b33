import type { Messages } from '../zh-CN';

export const lateFee: Messages['lateFee'] = {
  title: 'Late fee',
  late_one: '{{count}} hour late',
  late_other: '{{count}} hours late',
  lateDays: '{{days}} d {{hours}} h late',
  charged_one: '{{count}} day × {{daily}} daily rent = {{amount}}',
  charged_other: '{{count}} days × {{daily}} daily rent = {{amount}}',
  inGrace: 'Free within {{grace}} h of grace; from {{from}} each day costs {{daily}}',
  growing: 'The gear is still out: each further day adds {{daily}}',
  rule: 'Charged once {{grace}} h past the rental end: every started 24 hours from the end costs a day’s rent',
  waivedBy: 'Waived by {{name}}: {{reason}}',
  waive: 'Waive the late fee',
  waiveTitle: 'Waive the late fee',
  waiveMessage:
    'Waive this order’s late fee (now {{amount}}). It is then not charged at the return, however late. The reason is kept on the order and in the audit log.',
  waiveReason: 'Why it is waived (required)',
  waiveReasonRequired: 'Please give the reason',
  waiveConfirm: 'Waive',
  waiveDone: 'Late fee waived',
  line_one: 'Late fee ({{count}} day late)',
  line_other: 'Late fee ({{count}} days late)',
  lineWaived: 'Late fee (waived)',
  lastItemNote: 'The late fee is charged when the last item is checked in',
  refundAfter: 'After check-in, give back {{amount}}',
  collectAfter: 'After check-in, collect {{amount}}',
  evenAfter: 'After check-in nothing is owed either way',
  customer: {
    title: 'Late return',
    inGrace:
      'Your rental ended at {{end}}. There are {{grace}} h of grace: back before {{from}} costs nothing, after that each day costs {{daily}}.',
    growing_one:
      'Your rental ended at {{end}} ({{late}}). As the rental agreement says, late days are charged at the daily rent: so far {{count}} day × {{daily}} = {{amount}}, {{daily}} more each further day, taken from your deposit.',
    growing_other:
      'Your rental ended at {{end}} ({{late}}). As the rental agreement says, late days are charged at the daily rent: so far {{count}} days × {{daily}} = {{amount}}, {{daily}} more each further day, taken from your deposit.',
    handedBack_one:
      'The gear came back {{count}} day late: a late fee of {{amount}}, taken from your deposit.',
    handedBack_other:
      'The gear came back {{count}} days late: a late fee of {{amount}}, taken from your deposit.',
    charged_one: '{{count}} day late: a late fee of {{amount}} was charged.',
    charged_other: '{{count}} days late: a late fee of {{amount}} was charged.',
    waived: 'The store waived this order’s late fee.',
  },
};
