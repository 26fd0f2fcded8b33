import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, like, lte } from 'drizzle-orm';
import { ErrorCode, type WeChatUserInfo } from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { cacheEntries } from '@/db/schema.js';
import { AppError, businessError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';

/**
 * Proof that a WeChat sign-in happened in this very browser.
 *
 * - The OAuth `state`: the authorize URL's state is issued here and kept in a signed cookie of
 *   the browser that asked for it; the code WeChat returns is taken only with that state, so
 *   nobody can slip their own code (their own WeChat account) into someone else's browser.
 * - The binding ticket: when WeChat hands us an open id that is not bound yet, the browser gets a
 *   signed cookie naming a ticket kept on the server (open id, tenant, 30 minutes). Binding that
 *   open id to an account (bind-wechat, phone sign-in with weChatOpenId) needs the ticket and
 *   uses it up. An open id seen in a response, a log or over a shoulder is worth nothing in
 *   another browser.
 *
 * Both cookies are HttpOnly and SameSite=Lax, so page scripts cannot read them and other sites
 * cannot send them along with a form.
 */
export const WECHAT_STATE_COOKIE = 'sg_wechat_state';
export const WECHAT_TICKET_COOKIE = 'sg_wechat_ticket';
/** Time to consent on WeChat's page and come back: its codes live five minutes. */
const STATE_SECONDS = 15 * 60;
const TICKET_SECONDS = 30 * 60;
const ticketKey = (id: string) => `wechat:ticket:${id}`;

interface Ticket {
  tenantId: string;
  info: WeChatUserInfo;
}

/** A ticket this browser holds for the open id it wants to bind; `use` it in the binding. */
export interface WeChatTicket {
  info: WeChatUserInfo;
  /** Uses the ticket up inside the binding's transaction: false when it is already gone. */
  use(db: Database | Transaction): Promise<boolean>;
}

export class WeChatProof {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly cookie: { secure: boolean; domain: string | undefined },
  ) {
    this.key = createHmac('sha256', secret).update('wechat-proof').digest();
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  /** `parts` joined by dots and signed; the signature names the cookie, so one cannot pass for the other. */
  private seal(name: string, parts: string[]): string {
    const body = parts.join('.');
    return `${body}.${this.sign(`${name}.${body}`)}`;
  }

  /** The signed parts of a cookie, or null when it is missing, garbled or forged. */
  private unseal(request: FastifyRequest, name: string): string[] | null {
    const raw = request.cookies[name];
    if (!raw || raw.length > 512) return null;
    const parts = raw.split('.');
    const signature = parts.pop();
    if (!signature || parts.length === 0) return null;
    const expected = Buffer.from(this.sign(`${name}.${parts.join('.')}`));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? parts : null;
  }

  private setCookie(reply: FastifyReply, name: string, value: string, maxAge: number) {
    reply.setCookie(name, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.cookie.secure,
      domain: this.cookie.domain,
      maxAge,
    });
  }

  private clearCookie(reply: FastifyReply, name: string) {
    reply.clearCookie(name, { path: '/', domain: this.cookie.domain });
  }

  /** A fresh OAuth state for the authorize URL, remembered in this browser (WeChat: [A-Za-z0-9]). */
  issueState(request: FastifyRequest, reply: FastifyReply): string {
    const state = randomBytes(16).toString('hex');
    const expires = String(Math.floor(Date.now() / 1000) + STATE_SECONDS);
    this.setCookie(
      reply,
      WECHAT_STATE_COOKIE,
      this.seal(WECHAT_STATE_COOKIE, [request.tenantId, state, expires]),
      STATE_SECONDS,
    );
    return state;
  }

  /**
   * Refuses a code that came back with a state this browser was not given (or none). The state
   * is good once: a match clears it.
   */
  checkState(request: FastifyRequest, reply: FastifyReply, state: string | undefined): void {
    const parts = this.unseal(request, WECHAT_STATE_COOKIE);
    const [tenantId, expected, expires] = parts ?? [];
    const given = Buffer.from(state ?? '');
    const matches =
      !!expected &&
      tenantId === request.tenantId &&
      Number(expires) * 1000 > Date.now() &&
      given.length === Buffer.byteLength(expected) &&
      timingSafeEqual(given, Buffer.from(expected));
    if (!matches) {
      throw new AppError(
        400,
        ErrorCode.WeChatStateMismatch,
        message(request, 'WeChatStateMismatch'),
      );
    }
    this.clearCookie(reply, WECHAT_STATE_COOKIE);
  }

  /** After WeChat named a user this server may bind: a ticket for this browser to bind it with. */
  async issueTicket(
    db: Database,
    request: FastifyRequest,
    reply: FastifyReply,
    info: WeChatUserInfo,
  ): Promise<void> {
    // The browser holds one ticket: the one from its latest trip to WeChat.
    const [previous] = this.unseal(request, WECHAT_TICKET_COOKIE) ?? [];
    if (previous) await db.delete(cacheEntries).where(eq(cacheEntries.key, ticketKey(previous)));
    const id = randomBytes(18).toString('base64url');
    const ticket: Ticket = { tenantId: request.tenantId, info };
    await db.insert(cacheEntries).values({
      key: ticketKey(id),
      value: JSON.stringify(ticket),
      expiresAt: new Date(Date.now() + TICKET_SECONDS * 1000),
    });
    this.setCookie(
      reply,
      WECHAT_TICKET_COOKIE,
      this.seal(WECHAT_TICKET_COOKIE, [id]),
      TICKET_SECONDS,
    );
  }

  /**
   * The ticket this browser holds for `openId`. Anything else (no ticket, another browser's open
   * id, a ticket used or expired) is refused with the same plain answer: authorise again here.
   */
  async ticketFor(db: Database, request: FastifyRequest, openId: string): Promise<WeChatTicket> {
    const refused = () =>
      businessError(ErrorCode.WeChatNotThisBrowser, message(request, 'WeChatNotThisBrowser'));
    const [id] = this.unseal(request, WECHAT_TICKET_COOKIE) ?? [];
    if (!id) throw refused();
    const key = ticketKey(id);
    const [row] = await db
      .select({ value: cacheEntries.value })
      .from(cacheEntries)
      .where(and(eq(cacheEntries.key, key), gt(cacheEntries.expiresAt, new Date())));
    const ticket = row ? (JSON.parse(row.value) as Ticket) : null;
    if (!ticket || ticket.tenantId !== request.tenantId || ticket.info.openId !== openId) {
      throw refused();
    }
    return {
      info: ticket.info,
      use: async (executor) => {
        const used = await executor
          .delete(cacheEntries)
          .where(and(eq(cacheEntries.key, key), gt(cacheEntries.expiresAt, new Date())))
          .returning({ key: cacheEntries.key });
        return used.length === 1;
      },
    };
  }

  /** After a binding: the browser's ticket cookie names nothing any more. */
  forgetTicket(reply: FastifyReply): void {
    this.clearCookie(reply, WECHAT_TICKET_COOKIE);
  }
}

/** Tickets nobody used within their time. */
export async function sweepWeChatTickets(db: Database): Promise<void> {
  await db
    .delete(cacheEntries)
    .where(and(like(cacheEntries.key, 'wechat:ticket:%'), lte(cacheEntries.expiresAt, new Date())));
}
