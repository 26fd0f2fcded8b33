/** Late returns: what the clerk, the manager and the customer read about the late fee. */
export const lateFee = {
  title: '超时费',
  late_one: '已超时 {{count}} 小时',
  late_other: '已超时 {{count}} 小时',
  lateDays: '已超时 {{days}} 天 {{hours}} 小时',
  charged_one: '计 {{count}} 天 × 日租金 {{daily}} = {{amount}}',
  charged_other: '计 {{count}} 天 × 日租金 {{daily}} = {{amount}}',
  inGrace: '宽限 {{grace}} 小时内不收费，{{from}} 起按日租金 {{daily}} 计收',
  growing: '设备未归还，每多一天加收 {{daily}}',
  rule: '超过归还时间 {{grace}} 小时后开始计费，从租期结束起每满或不满 24 小时按 1 天日租金计收',
  waivedBy: '已由 {{name}} 免除：{{reason}}',
  waive: '免除超时费',
  waiveTitle: '免除超时费',
  waiveMessage:
    '免除本单的超时费（现为 {{amount}}）。免除后归还时不再收取，晚些归还也不收。原因会记在订单和操作日志里。',
  waiveReason: '免除原因（必填）',
  waiveReasonRequired: '请填写免除原因',
  waiveConfirm: '确认免除',
  waiveDone: '已免除超时费',
  line_one: '超时费（超时 {{count}} 天）',
  line_other: '超时费（超时 {{count}} 天）',
  lineWaived: '超时费（已免除）',
  lastItemNote: '最后一件设备验收时计收超时费',
  refundAfter: '验收后退还客户 {{amount}}',
  collectAfter: '验收后需向客户补收 {{amount}}',
  evenAfter: '验收后无需退补',
  customer: {
    title: '超时归还',
    inGrace:
      '租期已于 {{end}} 结束。归还有 {{grace}} 小时宽限：{{from}} 前归还不收超时费，之后按日租金 {{daily}} 每天计收。',
    growing_one:
      '租期已于 {{end}} 结束（{{late}}）。按租赁协议超时按日租金计收：目前 {{count}} 天 × {{daily}} = {{amount}}，每多一天加 {{daily}}，从押金中扣除。',
    growing_other:
      '租期已于 {{end}} 结束（{{late}}）。按租赁协议超时按日租金计收：目前 {{count}} 天 × {{daily}} = {{amount}}，每多一天加 {{daily}}，从押金中扣除。',
    handedBack_one: '设备归还时已超时 {{count}} 天，超时费 {{amount}}，从押金中扣除。',
    handedBack_other: '设备归还时已超时 {{count}} 天，超时费 {{amount}}，从押金中扣除。',
    charged_one: '超时 {{count}} 天，已收超时费 {{amount}}。',
    charged_other: '超时 {{count}} 天，已收超时费 {{amount}}。',
    waived: '门店已免除本单的超时费。',
  },
};
