import { BusinessParameterKey as K, DEFAULT_SYSTEM_NAME } from '@snowgear/contracts';
import { SystemSettingKey as S } from '@/modules/config-distribution/system-setting-keys.js';

/** The demo business: three stores in one resort area. Later capabilities extend this file. */

export const demoSystemSettings: Record<string, string> = {
  [S.SystemName]: DEFAULT_SYSTEM_NAME,
  [S.SystemDomain]: 'localhost',
  [S.CompanyName]: '崇礼雪具租赁有限公司',
  [S.CompanyNameEn]: 'Chongli Snow Gear Rental Co., Ltd.',
  [S.SystemLogo]: '',
  [S.RentalAgreement]: [
    '1. 租赁期间雪具由承租人妥善保管，按约定时间归还。',
    '2. 押金在雪具归还并检查无损后原路退回。',
    '3. 雪具损坏或丢失按门店公示价格赔偿。',
    '4. 超时归还按日租金计收续租费用。',
  ].join('\n'),
  [S.RentalAgreementEn]: [
    '1. The renter looks after the gear during the rental and returns it at the agreed time.',
    '2. The deposit is refunded the way it was paid once the gear is back and found undamaged.',
    '3. Damaged or lost gear is paid for at the prices posted in the store.',
    '4. Gear returned late is charged the daily rent for each extra day.',
  ].join('\n'),
  [S.PoliceFilingNumber]: '冀公网安备13073302000123号',
  [S.PoliceFilingLink]: 'https://beian.mps.gov.cn/#/query/webSearch?code=13073302000123',
  [S.IcpNumber]: '冀ICP备2025012345号-1',
  [S.IcpLink]: 'https://beian.miit.gov.cn/',
};

export interface DemoStore {
  code: string;
  name: string;
  nameEn: string;
  phone: string;
  address: string;
  addressEn: string;
  openTime: string;
  closeTime: string;
  restDays: number[];
  /** WGS-84, as a phone reports it (approximate for the demo). */
  latitude: number;
  longitude: number;
  sortOrder: number;
  parameters: Record<string, string>;
}

export const demoStores: DemoStore[] = [
  {
    code: 'WL',
    name: '万龙雪场店',
    nameEn: 'Wanlong Resort Store',
    phone: '0313-4788001',
    address: '河北省张家口市崇礼区万龙滑雪场雪具大厅一层',
    addressEn: 'Ground floor, Gear Hall, Wanlong Ski Resort, Chongli District, Zhangjiakou, Hebei',
    openTime: '07:30',
    closeTime: '18:00',
    restDays: [],
    latitude: 40.9633,
    longitude: 115.3924,
    sortOrder: 1,
    parameters: {
      [K.PresetDeliveryAddresses]: JSON.stringify([
        '万龙度假酒店大堂 | Wanlong Resort Hotel lobby',
        '万龙公寓A座 | Wanlong Apartments, Block A',
        '万龙滑雪场南门 | Wanlong Ski Resort south gate',
      ]),
      [K.PresetPickupAddresses]: JSON.stringify([
        '万龙度假酒店大堂 | Wanlong Resort Hotel lobby',
        '万龙滑雪场南门 | Wanlong Ski Resort south gate',
      ]),
      // Blank on purpose: the global value applies (a store value wins only when not blank).
      [K.OrderTimeoutHours]: '  ',
    },
  },
  {
    code: 'TW',
    name: '太舞小镇店',
    nameEn: 'Thaiwoo Village Store',
    phone: '0313-4799002',
    address: '河北省张家口市崇礼区太舞滑雪小镇商业街12号',
    addressEn: '12 Commercial Street, Thaiwoo Ski Village, Chongli District, Zhangjiakou, Hebei',
    openTime: '08:00',
    closeTime: '17:30',
    restDays: [2],
    latitude: 40.9063,
    longitude: 115.4645,
    sortOrder: 2,
    parameters: {
      [K.DeliveryFee]: '50',
      [K.PickupFee]: '50',
      [K.PresetDeliveryAddresses]: JSON.stringify([
        '太舞酒店前台 | Thaiwoo Hotel front desk',
        '太舞小镇游客中心 | Thaiwoo Village visitor centre',
      ]),
      [K.PresetPickupAddresses]: JSON.stringify(['太舞酒店前台 | Thaiwoo Hotel front desk']),
    },
  },
  {
    code: 'YD',
    name: '云顶夜场店',
    nameEn: 'Genting Night Skiing Store',
    phone: '0313-4766003',
    address: '河北省张家口市崇礼区云顶滑雪公园雪具大厅二层',
    addressEn: 'First floor, Gear Hall, Genting Snow Park, Chongli District, Zhangjiakou, Hebei',
    openTime: '09:00',
    closeTime: '21:30',
    restDays: [],
    latitude: 40.9565,
    longitude: 115.4372,
    sortOrder: 3,
    parameters: {
      [K.AlipayEnabled]: 'TRUE',
      [K.NextDayThreshold]: '20:30',
      [K.PresetDepositAmounts]: JSON.stringify([300, 800, 1500]),
    },
  },
];

export const demoGlobalParameters: Record<string, string> = {
  [K.DefaultRentalDays]: '1',
  [K.OrderTimeoutHours]: '2',
  [K.DeliveryFee]: '30',
  [K.PickupFee]: '30',
  [K.PresetDeliveryAddresses]: JSON.stringify([]),
  [K.PresetPickupAddresses]: JSON.stringify([]),
  [K.PresetDepositAmounts]: JSON.stringify([200, 500, 1000]),
  [K.NextDayThreshold]: '21:00',
  [K.WeChatPayEnabled]: 'true',
  [K.AlipayEnabled]: 'false',
  [K.AgentCommissionRate]: '8',
  [K.LateReturnGraceHours]: '1',
  [K.MaxStaffDiscountPercent]: '20',
  [K.CashOnDelivery]: 'false',
  // The customer signs the rental agreement on the clerk's phone for every counter order.
  [K.CounterSignatureRequired]: 'true',
  // Riders under 12 rent on the junior cards; no early-booking discount until the shop sets one.
  [K.JuniorAge]: '12',
  // An afternoon on the slopes from noon, back by closing, costs the cards' half-day prices.
  [K.HalfDayFrom]: '12:00',
  [K.EarlyBookingDays]: '7',
  [K.EarlyBookingPercent]: '0',
};
