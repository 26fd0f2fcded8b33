import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderStatus } from '@snowgear/contracts';
import { loadSettings, type Settings } from '@/config/env.js';
import { orders } from '@/db/schema.js';
import { AliyunSmsProvider } from '@/modules/sms/providers/aliyun.js';
import { WeChatClient } from '@/modules/wechat/client.js';
import { startAliyunSmsDouble, type AliyunSmsDouble } from '@/testing/aliyun-sms-double.js';
import { createTestApp, TEST_SECRET, type TestApp } from '@/testing/index.js';
import { startWeChatDouble, type WeChatDouble } from '@/testing/wechat-double.js';
import { createNotifier, type Notifier } from './channels.js';
import { sendDueReminders } from './reminders.js';
import { at, reminderWorld, YEAR, type ReminderWorld } from './test-fixtures.js';

const ZONE = 'Asia/Shanghai';
const SITE = 'https://rent.example.test';
const SMS_TEMPLATES = {
  SMS_TEMPLATE_PICKUP_TOMORROW: 'SMS_470000001',
  SMS_TEMPLATE_RETURN_TODAY: 'SMS_470000002',
  SMS_TEMPLATE_OVERDUE: 'SMS_470000003',
};
const log = { info: () => undefined, warn: () => undefined };

describe('reminders through WeChat and SMS (local doubles speaking the real protocols)', () => {
  let t: TestApp;
  let wx: WeChatDouble;
  let aliyun: AliyunSmsDouble;
  let settings: Settings;
  let client: WeChatClient;
  let notifier: Notifier;
  let w: ReminderWorld;
  const sweep = (now: Date, using = notifier) => sendDueReminders(t.database.db, using, ZONE, now);

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    wx = await startWeChatDouble();
    aliyun = await startAliyunSmsDouble({
      templates: Object.fromEntries(
        Object.values(SMS_TEMPLATES).map((code) => [code, ['order', 'store', 'time']]),
      ),
    });
    settings = loadSettings({
      APP_SECRET: TEST_SECRET,
      PUBLIC_BASE_URL: SITE,
      NOTIFICATION_SANDBOX: 'false',
      WECHAT_APP_ID: wx.appId,
      WECHAT_APP_SECRET: wx.appSecret,
      WECHAT_API_BASE_URL: wx.baseUrl,
      WECHAT_AUTHORIZE_URL: wx.authorizeUrl,
      // No overdue template: overdue reminders go by SMS, WeChat or not.
      WECHAT_TEMPLATE_PICKUP_TOMORROW: 'tpl-pickup-tomorrow',
      WECHAT_TEMPLATE_RETURN_TODAY: 'tpl-return-today',
      WECHAT_TEMPLATE_RETURN_TODAY_DATA:
        'character_string3=order, thing1=store,time2=time,thing5=note',
      ...aliyun.settings,
      ...SMS_TEMPLATES,
    });
    client = new WeChatClient({
      appId: settings.WECHAT_APP_ID,
      appSecret: settings.WECHAT_APP_SECRET,
      apiBaseUrl: settings.WECHAT_API_BASE_URL,
      authorizeUrl: settings.WECHAT_AUTHORIZE_URL,
    });
    notifier = createNotifier(settings, { db: t.database.db, wechat: client, log });
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
    await aliyun.close();
  });
  beforeEach(async () => {
    w = await reminderWorld(t.database.db);
  });
  afterEach(async () => {
    await t.database.db.delete(orders).where(eq(orders.tenantId, w.tenantId));
  });

  it('a customer with WeChat bound gets a subscription notification: openid, template, values, link', async () => {
    const customer = await w.customer('oWx-ski-customer-01');
    const o = await w.order({
      status: OrderStatus.Reserved,
      start: at('01-16', '09:30'),
      end: at('01-18', '17:00'),
      customerId: customer,
    });
    const texted = aliyun.messages.length;
    expect(await sweep(at('01-15', '18:00'))).toEqual({ sent: 1, failed: 0 });

    expect(wx.subscribeMessages.at(-1)).toMatchObject({
      touser: 'oWx-ski-customer-01',
      template_id: 'tpl-pickup-tomorrow',
      page: `${SITE}/customer/orders/${o.id}`,
      data: {
        character_string1: { value: o.orderNumber },
        thing2: { value: w.storeName },
        time3: { value: `${YEAR}年1月16日 09:30` },
        thing4: { value: '请按时到店取装备，带上身份证件' },
      },
    });
    expect(aliyun.messages.length).toBe(texted);
    expect(await w.rows(o.id)).toMatchObject([
      { channel: 'wechat', recipient: 'oWx-ski-customer-01', status: 'sent', failure: null },
    ]);
    expect(await w.timeline(o.id)).toMatchObject([
      {
        kind: 'reminder',
        message: '已发送取装备提醒（微信）',
        messageEn: 'Pickup reminder sent (WeChat)',
      },
    ]);
  });

  it('fills the keywords the template was set up with', async () => {
    const customer = await w.customer('oWx-ski-customer-02');
    const o = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '16:00'),
      customerId: customer,
    });
    await sweep(at('01-15', '08:00'));
    expect(wx.subscribeMessages.at(-1)).toMatchObject({
      touser: 'oWx-ski-customer-02',
      template_id: 'tpl-return-today',
      data: {
        character_string3: { value: o.orderNumber },
        thing1: { value: w.storeName },
        time2: { value: `${YEAR}年1月15日 16:00` },
        thing5: { value: '请按时归还，续租请联系门店' },
      },
    });
  });

  it('without WeChat, texts through Aliyun SMS (signed ACS3) with the kind’s template', async () => {
    const customer = await w.customer(null, '13800009999');
    const o = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '17:00'),
      customerId: customer,
    });
    const landline = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '17:00'),
      phone: '0313-1234567',
    });
    const wechatSent = wx.subscribeMessages.length;
    expect(await sweep(at('01-15', '09:00'))).toEqual({ sent: 1, failed: 0 });

    expect(aliyun.messages.at(-1)).toMatchObject({
      phoneNumber: '13800009999',
      signName: '雪具租赁',
      templateCode: 'SMS_470000002',
      params: { order: o.orderNumber, store: w.storeName, time: `${YEAR}年1月15日 17:00` },
    });
    expect(wx.subscribeMessages.length).toBe(wechatSent);
    expect(await w.rows(o.id)).toMatchObject([
      { channel: 'sms', recipient: '13800009999', status: 'sent' },
    ]);
    expect(await w.timeline(o.id)).toMatchObject([
      { message: '已发送归还提醒（短信）', messageEn: 'Return reminder sent (SMS)' },
    ]);
    // A landline cannot be texted, WeChat is not bound and the sandbox is off: nothing at all.
    expect(await w.rows(landline.id)).toHaveLength(0);
  });

  it('a kind without a WeChat template goes by SMS even to a customer with WeChat', async () => {
    const customer = await w.customer('oWx-ski-customer-03');
    const o = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-14', '17:00'),
      customerId: customer,
      phone: '13900001111',
    });
    await sweep(at('01-15', '09:00'));
    expect(aliyun.messages.at(-1)).toMatchObject({
      phoneNumber: '13900001111',
      templateCode: 'SMS_470000003',
    });
    expect(await w.rows(o.id)).toMatchObject([{ kind: 'overdue', channel: 'sms', status: 'sent' }]);
  });

  it('a refused WeChat message is recorded as failed, said on the timeline, and not sent again', async () => {
    wx.refuseSubscribeMessages('oWx-never-subscribed');
    const customer = await w.customer('oWx-never-subscribed');
    const o = await w.order({
      status: OrderStatus.Reserved,
      start: at('01-16', '10:00'),
      end: at('01-17', '10:00'),
      customerId: customer,
    });
    const texted = aliyun.messages.length;
    expect(await sweep(at('01-15', '18:00'))).toEqual({ sent: 0, failed: 1 });
    const tries = wx.calls.subscribe;
    for (const time of ['18:01', '19:00', '21:00']) {
      expect(await sweep(at('01-15', time))).toEqual({ sent: 0, failed: 0 });
    }
    expect(wx.calls.subscribe).toBe(tries);
    expect(aliyun.messages.length).toBe(texted);
    expect(await w.rows(o.id)).toMatchObject([
      {
        channel: 'wechat',
        status: 'failed',
        failure: '43101 user refuse to accept the msg',
      },
    ]);
    expect(await w.timeline(o.id)).toMatchObject([
      {
        message: '取装备提醒发送失败（微信）：客户未订阅或已拒收此类消息',
        messageEn:
          'Pickup reminder could not be sent (WeChat): the customer has not subscribed to or refuses these messages',
      },
    ]);
  });

  it('renews an access token WeChat no longer accepts, once, and sends', async () => {
    const customer = await w.customer('oWx-ski-customer-04');
    const o = await w.order({
      status: OrderStatus.Reserved,
      start: at('01-16', '10:00'),
      end: at('01-17', '10:00'),
      customerId: customer,
    });
    await client.sendSubscribeMessage(t.database.db, {
      toUser: 'oWx-warm-up-token',
      templateId: 'tpl-any',
      data: { thing1: 'x' },
    });
    wx.expireServerToken();
    const tokens = wx.calls.token;
    expect(await sweep(at('01-15', '18:00'))).toEqual({ sent: 1, failed: 0 });
    expect(wx.calls.token).toBe(tokens + 1);
    expect(wx.subscribeMessages.at(-1)?.touser).toBe('oWx-ski-customer-04');
    expect(await w.rows(o.id)).toMatchObject([{ status: 'sent' }]);
  });

  it('SMS refusals are recorded with the provider’s code, and a wrong secret fails Aliyun’s signature check', async () => {
    const o = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '17:00'),
    });
    aliyun.failNextSend('isv.BUSINESS_LIMIT_CONTROL', '触发天级流控Permits:10');
    expect(await sweep(at('01-15', '09:00'))).toEqual({ sent: 0, failed: 1 });
    expect(await w.rows(o.id)).toMatchObject([
      {
        channel: 'sms',
        status: 'failed',
        failure: expect.stringMatching(/^isv\.BUSINESS_LIMIT_CONTROL: .*触发天级流控/),
      },
    ]);

    const impostor = createNotifier(settings, {
      db: t.database.db,
      wechat: client,
      log,
      sms: new AliyunSmsProvider({ ...aliyun.config, accessKeySecret: 'not-the-secret' }),
    });
    const later = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '18:00'),
    });
    expect(await sweep(at('01-15', '09:05'), impostor)).toEqual({ sent: 0, failed: 1 });
    expect(await w.rows(later.id)).toMatchObject([
      { status: 'failed', failure: expect.stringMatching(/^SignatureDoesNotMatch: /) },
    ]);
  });
});
