import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@snowgear/contracts';
import type { Transaction } from '@/db/client.js';
import { orderEvents, orders } from '@/db/schema.js';
import { message, type MessageKey } from '@/lib/messages.js';
import { orderStatusName } from './status.js';

/**
 * Who changes an order: a signed-in user, or the system (the sweeper, a payment provider's
 * notification). Timeline texts are written in the actor's language.
 */
export interface Actor {
  userId: string | null;
  operatorName: string;
  /** The name in English where it differs (the system, a payment provider). */
  operatorNameEn?: string;
  english: boolean;
}

/**
 * How an order names a member of staff (its driver, its agent, whoever made a change): the same
 * in its fields, in its timeline's lines and as their author. The display name the
 * administration edits (spec: name, else user name), never a second name beside it.
 */
export function staffName(person: { name: string; userName: string }): string {
  return person.name || person.userName;
}

/**
 * The kind of timeline entry that gives a delivery or pickup run to a driver, and names them; a
 * customer reads it by role instead (docs/orders.md: staff by role, never by name).
 */
export const driverAssignedKind = (run: 'delivery' | 'pickup') => `driver:${run}`;

/** The system itself, named as in the timeline ('系统'). */
export const SYSTEM: Actor = {
  userId: null,
  operatorName: textIn(false, 'SystemOperator'),
  operatorNameEn: textIn(true, 'SystemOperator'),
  english: false,
};

export function actorText(actor: Actor, key: MessageKey, params?: Record<string, string | number>) {
  return textIn(actor.english, key, params);
}

export function textIn(
  english: boolean,
  key: MessageKey,
  params?: Record<string, string | number>,
) {
  return message({ headers: { 'accept-language': english ? 'en' : 'zh-CN' } }, key, params);
}

/** A way of paying as people say it: 微信支付, 支付宝, 现金 (with the sandbox named as such). */
export function methodText(english: boolean, method: string, provider?: string | null) {
  const name = textIn(
    english,
    method === 'wechat' ? 'MethodWeChat' : method === 'alipay' ? 'MethodAlipay' : 'MethodCash',
  );
  return provider === 'sandbox' ? name + textIn(english, 'SandboxSuffix') : name;
}

/**
 * A timeline line in either language: written once, stored in Chinese and English, and shown
 * in the reader's language.
 */
export type Text = string | ((english: boolean) => string);

/** A message whose parameters may themselves depend on the language (a status name). */
export function say(
  key: MessageKey,
  params: Record<string, string | number | ((english: boolean) => string)> = {},
): Text {
  return (english) =>
    textIn(
      english,
      key,
      Object.fromEntries(
        Object.entries(params).map(([name, value]) => [
          name,
          typeof value === 'function' ? value(english) : value,
        ]),
      ),
    );
}

export function render(text: Text, english: boolean): string {
  return typeof text === 'string' ? text : text(english);
}

/** A fee line's description in Chinese and in English, as its columns hold them. */
export function bothLanguages(text: (english: boolean) => string) {
  return { description: text(false), descriptionEn: text(true) };
}

/** A line followed by the remarks someone typed (kept as typed). */
export function withRemarks(text: Text, remarks: string): Text {
  return remarks ? (english) => `${render(text, english)} · ${remarks}` : text;
}

/** One timeline entry, numbered after the order's last. */
export async function appendEvent(
  tx: Transaction,
  orderId: string,
  entry: { kind: string; from?: number; to?: number; message: Text },
  actor: Actor,
) {
  // The next number of the order's timeline, taken in the insert itself: one round trip.
  await tx.insert(orderEvents).values({
    orderId,
    seq: sql`(select coalesce(max(${orderEvents.seq}), 0) + 1 from ${orderEvents} where ${orderEvents.orderId} = ${orderId})`,
    kind: entry.kind,
    fromStatus: entry.from ?? null,
    toStatus: entry.to ?? null,
    message: render(entry.message, false),
    messageEn: render(entry.message, true),
    userId: actor.userId,
    operatorName: actor.operatorName,
    operatorNameEn: actor.operatorNameEn ?? null,
  });
}

/** A status change guarded by the status it was read in, with its timeline entry. */
export async function moveOrder(
  tx: Transaction,
  order: { id: string; status: number },
  next: OrderStatus,
  actor: Actor,
  text?: Text,
): Promise<boolean> {
  const [moved] = await tx
    .update(orders)
    .set({ status: next, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (!moved) return false;
  await appendEvent(
    tx,
    order.id,
    {
      kind: 'status',
      from: order.status,
      to: next,
      message:
        text ?? say('StatusChangedTo', { status: (english) => orderStatusName(next, english) }),
    },
    actor,
  );
  return true;
}
