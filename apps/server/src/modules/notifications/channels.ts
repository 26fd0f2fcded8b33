import type { FastifyBaseLogger } from 'fastify';
import { PHONE_NUMBER_PATTERN } from '@snowgear/contracts';
import type { ReminderField, Settings } from '@/config/env.js';
import type { Database } from '@/db/client.js';
import { WeChatApiError, type WeChatClient } from '@/modules/wechat/client.js';
import { createSmsProvider, SmsProviderError, type SmsProvider } from '@/modules/sms/index.js';
import { ReminderKind, type Reminder } from './reminder.js';

export type ChannelName = 'sandbox' | 'sms' | 'wechat';

/**
 * Which customers a channel can reach: those who bound WeChat, those whose phone is a mainland
 * mobile, or anyone (the sandbox, which reaches nobody for real).
 */
export type Audience = 'wechat' | 'mobile' | 'anyone';

/** One way to reach a customer. */
export interface NotificationChannel {
  readonly name: ChannelName;
  /** Whom it can reach with this kind of reminder; null: it does not carry it (no template). */
  audience(kind: Reminder['kind']): Audience | null;
  /** The reminder's recipient here (openid, phone number), or null when it cannot carry it. */
  recipient(reminder: Reminder): string | null;
  /** Sends; rejects (a ChannelRefusal for a provider's answer) when it was not sent. */
  send(reminder: Reminder, recipient: string): Promise<void>;
}

/** The provider answered that it would not send; `customerRefused`: the customer declined it. */
export class ChannelRefusal extends Error {
  constructor(
    message: string,
    readonly customerRefused = false,
  ) {
    super(message);
    this.name = 'ChannelRefusal';
  }
}

/** Chooses, per reminder, the channel that carries it. */
export interface Notifier {
  /** The audiences some channel reaches with this kind; empty: nobody gets it. */
  audiences(kind: Reminder['kind']): Set<Audience>;
  /** The first channel, in order of preference, that can carry this reminder; null: none. */
  choose(reminder: Reminder): { channel: NotificationChannel; recipient: string } | null;
}

/** Channels in order of preference: WeChat, then SMS, then the sandbox. */
export class ChannelNotifier implements Notifier {
  constructor(private readonly channels: readonly NotificationChannel[]) {}

  audiences(kind: Reminder['kind']): Set<Audience> {
    const found = new Set<Audience>();
    for (const channel of this.channels) {
      const audience = channel.audience(kind);
      if (audience) found.add(audience);
    }
    return found;
  }

  choose(reminder: Reminder) {
    for (const channel of this.channels) {
      if (!channel.audience(reminder.kind)) continue;
      const recipient = channel.recipient(reminder);
      if (recipient !== null) return { channel, recipient };
    }
    return null;
  }
}

/** The customer's order page, opened from a WeChat card (relative without PUBLIC_BASE_URL). */
export function orderLink(publicBaseUrl: string | undefined, orderId: string): string {
  return `${publicBaseUrl ?? ''}/customer/orders/${orderId}`;
}

/** What a notification opens: its own page, else the customer's order. */
function linkOf(publicBaseUrl: string | undefined, reminder: Reminder): string {
  return reminder.link
    ? `${publicBaseUrl ?? ''}${reminder.link}`
    : orderLink(publicBaseUrl, reminder.orderId);
}

/**
 * The labelled stand-in: the outbox row and the log say what would have gone out; it reaches
 * nobody. On in the embedded demo only, unless NOTIFICATION_SANDBOX asks for it.
 */
export class SandboxChannel implements NotificationChannel {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    private readonly publicBaseUrl?: string,
  ) {}

  audience(): Audience {
    return 'anyone';
  }

  recipient(reminder: Reminder): string {
    return reminder.phoneNumber || reminder.openId || '';
  }

  send(reminder: Reminder, recipient: string): Promise<void> {
    this.log.info(
      {
        orderId: reminder.orderId,
        kind: reminder.kind,
        recipient,
        text: reminder.text,
        link: linkOf(this.publicBaseUrl, reminder),
      },
      'sandbox notification: order reminder (not sent to anyone)',
    );
    return Promise.resolve();
  }
}

type Templates = Partial<Record<Reminder['kind'], string>>;

/** The SMS variables of a reminder, in template order: Tencent's {1} {2} {3}. */
const SMS_VARIABLES: readonly ReminderField[] = ['order', 'store', 'time'];

/** A real SMS provider (Aliyun, Tencent) with an approved template per reminder kind. */
export class SmsChannel implements NotificationChannel {
  readonly name = 'sms' as const;

  constructor(
    private readonly provider: SmsProvider,
    private readonly templates: Templates,
  ) {}

  audience(kind: Reminder['kind']): Audience | null {
    return this.templates[kind] ? 'mobile' : null;
  }

  recipient(reminder: Reminder): string | null {
    return PHONE_NUMBER_PATTERN.test(reminder.phoneNumber) ? reminder.phoneNumber : null;
  }

  async send(reminder: Reminder, recipient: string): Promise<void> {
    const templateId = this.templates[reminder.kind];
    if (!templateId) throw new ChannelRefusal(`no SMS template for ${reminder.kind}`);
    try {
      await this.provider.sendTemplated({
        phoneNumber: recipient,
        templateId,
        params: SMS_VARIABLES.map((name) => ({ name, value: reminder.fields[name] })),
      });
    } catch (err) {
      if (err instanceof SmsProviderError) {
        throw new ChannelRefusal(err.code ? `${err.code}: ${err.message}` : err.message);
      }
      throw err;
    }
  }
}

export interface WeChatTemplate {
  id: string;
  /** Template keyword → the reminder field it shows. */
  data: Record<string, ReminderField>;
}

/** WeChat's limits on a keyword's value, by keyword type (thing ≤ 20, character_string ≤ 32). */
function fitKeyword(keyword: string, value: string): string {
  const limit = keyword.startsWith('thing') ? 20 : keyword.startsWith('character_string') ? 32 : 0;
  const chars = [...value];
  return limit && chars.length > limit ? `${chars.slice(0, limit - 1).join('')}…` : value;
}

/** WeChat subscription notifications to customers who bound WeChat, one template per kind. */
export class WeChatChannel implements NotificationChannel {
  readonly name = 'wechat' as const;

  constructor(
    private readonly client: WeChatClient,
    private readonly db: Database,
    private readonly templates: Partial<Record<Reminder['kind'], WeChatTemplate>>,
    private readonly publicBaseUrl: string | undefined,
  ) {}

  audience(kind: Reminder['kind']): Audience | null {
    return this.templates[kind] ? 'wechat' : null;
  }

  recipient(reminder: Reminder): string | null {
    return reminder.openId || null;
  }

  async send(reminder: Reminder, recipient: string): Promise<void> {
    const template = this.templates[reminder.kind];
    if (!template) throw new ChannelRefusal(`no WeChat template for ${reminder.kind}`);
    try {
      await this.client.sendSubscribeMessage(this.db, {
        toUser: recipient,
        templateId: template.id,
        // WeChat opens only absolute links; without PUBLIC_BASE_URL the card opens nothing.
        page: this.publicBaseUrl ? linkOf(this.publicBaseUrl, reminder) : undefined,
        data: Object.fromEntries(
          Object.entries(template.data).map(([keyword, field]) => [
            keyword,
            fitKeyword(keyword, reminder.fields[field]),
          ]),
        ),
      });
    } catch (err) {
      if (err instanceof WeChatApiError) {
        // 43101: not subscribed (a one-time subscription is used up) or refused.
        throw new ChannelRefusal(err.message, err.errcode === 43101);
      }
      throw err;
    }
  }
}

/**
 * The channels the settings allow: WeChat where a kind has a template (and WeChat is configured),
 * SMS where a real provider is configured and a kind has a template, then the sandbox when on.
 */
export function createNotifier(
  settings: Settings,
  deps: {
    db: Database;
    wechat: WeChatClient;
    log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
    /** The SMS provider to use; default: the one the settings choose. */
    sms?: SmsProvider | null;
  },
): Notifier {
  const channels: NotificationChannel[] = [];
  const weChatTemplates: Partial<Record<Reminder['kind'], WeChatTemplate>> = {};
  const add = (
    kind: Reminder['kind'],
    id: string | undefined,
    data: Record<string, ReminderField>,
  ) => {
    if (id) weChatTemplates[kind] = { id, data };
  };
  add(
    ReminderKind.PickupTomorrow,
    settings.WECHAT_TEMPLATE_PICKUP_TOMORROW,
    settings.WECHAT_TEMPLATE_PICKUP_TOMORROW_DATA,
  );
  add(
    ReminderKind.ReturnToday,
    settings.WECHAT_TEMPLATE_RETURN_TODAY,
    settings.WECHAT_TEMPLATE_RETURN_TODAY_DATA,
  );
  add(
    ReminderKind.Overdue,
    settings.WECHAT_TEMPLATE_OVERDUE,
    settings.WECHAT_TEMPLATE_OVERDUE_DATA,
  );
  add(
    ReminderKind.ApprovalWaiting,
    settings.WECHAT_TEMPLATE_APPROVAL_WAITING,
    settings.WECHAT_TEMPLATE_APPROVAL_WAITING_DATA,
  );
  if (deps.wechat.configured && Object.keys(weChatTemplates).length > 0) {
    channels.push(
      new WeChatChannel(deps.wechat, deps.db, weChatTemplates, settings.PUBLIC_BASE_URL),
    );
  }
  const smsTemplates: Templates = {
    ...(settings.SMS_TEMPLATE_PICKUP_TOMORROW
      ? { [ReminderKind.PickupTomorrow]: settings.SMS_TEMPLATE_PICKUP_TOMORROW }
      : {}),
    ...(settings.SMS_TEMPLATE_RETURN_TODAY
      ? { [ReminderKind.ReturnToday]: settings.SMS_TEMPLATE_RETURN_TODAY }
      : {}),
    ...(settings.SMS_TEMPLATE_OVERDUE
      ? { [ReminderKind.Overdue]: settings.SMS_TEMPLATE_OVERDUE }
      : {}),
    ...(settings.SMS_TEMPLATE_APPROVAL_WAITING
      ? { [ReminderKind.ApprovalWaiting]: settings.SMS_TEMPLATE_APPROVAL_WAITING }
      : {}),
  };
  const sms = deps.sms === undefined ? createSmsProvider(settings, deps.log) : deps.sms;
  // The SMS sandbox shows sign-in codes; reminders have a sandbox of their own.
  if (sms && sms.name !== 'sandbox' && Object.keys(smsTemplates).length > 0) {
    channels.push(new SmsChannel(sms, smsTemplates));
  }
  if (settings.NOTIFICATION_SANDBOX)
    channels.push(new SandboxChannel(deps.log, settings.PUBLIC_BASE_URL));
  return new ChannelNotifier(channels);
}
