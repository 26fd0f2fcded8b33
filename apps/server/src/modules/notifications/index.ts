/**
 * Order reminders (docs/notifications.md): the day before pickup, on the return day, and once
 * when overdue, by WeChat subscription notification, SMS or the sandbox outbox.
 */
export {
  ChannelNotifier,
  ChannelRefusal,
  createNotifier,
  type Audience,
  type ChannelName,
  type NotificationChannel,
  type Notifier,
} from './channels.js';
export { ReminderKind, type Reminder } from './reminder.js';
export { sendDueReminders, type ReminderSweep } from './reminders.js';
export { sendApprovalNotices } from './approval-notices.js';
