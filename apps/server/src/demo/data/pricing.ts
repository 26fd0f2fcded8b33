import { addDays, type PriceSeason } from '@snowgear/contracts';
import type { DemoPack } from './inventory.js';

/**
 * The demo's Chongli prices (issue 60, docs/pricing.md): rate tables to 7 days with each further
 * day cheaper, junior cards with lower deposits, the high season's weekends dearer, the New Year
 * holiday and the Spring Festival week as peaks, the spring's end cheaper, and 10 % off a booking
 * made a week ahead. Whole yuan; every card is one the shop could save (seed.test.ts checks).
 */

/**
 * A card in yuan: the price of 1…7 days, then each further day; a junior card's own deposit; an
 * afternoon's price (from 12:00, back by closing).
 */
export interface DemoCard {
  lengths: number[];
  furtherDay: number;
  deposit?: number;
  halfDay?: number;
}

export interface DemoSubjectCards {
  adult: DemoCard;
  junior?: DemoCard;
}

/** Kinds of gear by their demo code (the rest rent at their daily price). */
export const demoCategoryCards: Record<string, DemoSubjectCards> = {
  SKI: {
    adult: { lengths: [120, 230, 330, 420, 500, 570, 630], furtherDay: 60, halfDay: 80 },
    junior: { lengths: [70, 130, 185, 235, 280, 320, 355], furtherDay: 35, deposit: 400, halfDay: 50 },
  },
  SBT: {
    adult: { lengths: [50, 95, 135, 170, 200, 225, 245], furtherDay: 20, halfDay: 35 },
    junior: { lengths: [30, 55, 75, 95, 110, 125, 135], furtherDay: 10, deposit: 150, halfDay: 20 },
  },
  SB: {
    adult: { lengths: [120, 230, 330, 420, 500, 570, 630], furtherDay: 60, halfDay: 80 },
    junior: { lengths: [70, 130, 185, 235, 280, 320, 355], furtherDay: 35, deposit: 400, halfDay: 50 },
  },
  BBT: {
    adult: { lengths: [50, 95, 135, 170, 200, 225, 245], furtherDay: 20, halfDay: 35 },
    junior: { lengths: [30, 55, 75, 95, 110, 125, 135], furtherDay: 10, deposit: 150, halfDay: 20 },
  },
};

/**
 * The pack levels a ski shop sells beside its full sets (入门 / 进阶 / 高端): a beginner's pack
 * without the helmet, and a premium one that adds goggles and protection. Loaded with the prices,
 * for every store; the full sets (demoPacks) are the sport level.
 */
export const demoLevelPacks: (DemoPack & { sortOrder: number })[] = [
  {
    name: '双板入门套餐',
    nameEn: 'Beginner ski pack',
    description: '入门：双板滑雪板 + 双板滑雪鞋 + 雪杖，头盔自备或另租',
    descriptionEn: 'Beginner: skis + ski boots + poles; bring or rent a helmet',
    dailyRent: 150,
    deposit: 1200,
    components: ['SKI', 'SBT', 'POLE'],
    sortOrder: 0,
  },
  {
    name: '双板高端套餐',
    nameEn: 'Premium ski pack',
    description: '高端：高端双板（沃克、萨洛蒙）配双板鞋、雪杖、头盔，再加雪镜和护具，从头到膝一次配齐',
    descriptionEn:
      'Premium: premium skis (Völkl, Salomon) with boots, poles and a helmet, plus goggles and protection, head to knee',
    dailyRent: 210,
    deposit: 1800,
    components: ['SKI', 'SBT', 'POLE', 'HLM', 'GOG', 'PRO'],
    // Its skis are the premium ones (Völkl, Salomon).
    grade: '高端',
    sortOrder: 2,
  },
  {
    name: '单板入门套餐',
    nameEn: 'Beginner snowboard pack',
    description: '入门：单板滑雪板 + 单板滑雪鞋，头盔自备或另租',
    descriptionEn: 'Beginner: snowboard + snowboard boots; bring or rent a helmet',
    dailyRent: 140,
    deposit: 1100,
    components: ['SB', 'BBT'],
    // Before the full snowboard set, which the seed moves behind it (demo/pricing.ts).
    sortOrder: 3,
  },
];

/** Packs by their demo name. */
export const demoPackCards: Record<string, DemoSubjectCards> = {
  双板入门套餐: {
    adult: { lengths: [150, 280, 390, 490, 580, 660, 730], furtherDay: 60, halfDay: 100 },
    junior: { lengths: [85, 160, 225, 285, 340, 385, 425], furtherDay: 35, deposit: 500, halfDay: 60 },
  },
  双板高端套餐: {
    adult: { lengths: [210, 390, 540, 680, 800, 900, 990], furtherDay: 90, halfDay: 140 },
    junior: { lengths: [120, 230, 330, 420, 500, 570, 630], furtherDay: 55, deposit: 700, halfDay: 80 },
  },
  单板入门套餐: {
    adult: { lengths: [140, 260, 360, 450, 530, 600, 660], furtherDay: 55, halfDay: 95 },
    junior: { lengths: [80, 150, 210, 265, 315, 355, 390], furtherDay: 30, deposit: 450, halfDay: 55 },
  },
  双板全套: {
    adult: { lengths: [180, 340, 460, 580, 680, 770, 850], furtherDay: 70, halfDay: 120 },
    junior: { lengths: [100, 190, 270, 340, 400, 450, 500], furtherDay: 45, deposit: 600, halfDay: 70 },
  },
  单板全套: {
    adult: { lengths: [160, 300, 420, 530, 620, 700, 770], furtherDay: 60, halfDay: 110 },
    junior: { lengths: [90, 170, 240, 300, 350, 395, 435], furtherDay: 40, deposit: 550, halfDay: 60 },
  },
};

/** A booking online made this many days ahead has this much off its rent. */
export const demoEarlyBooking = { days: 7, percent: 10 };

/** The first day of the Chinese New Year, by year (the Spring Festival week starts on its eve). */
const NEW_YEAR_DAY: Record<number, string> = {
  2026: '02-17',
  2027: '02-06',
  2028: '01-26',
  2029: '02-13',
  2030: '02-03',
  2031: '01-23',
  2032: '02-11',
};

/**
 * The seasons of the winter a demo started on `today` (YYYY-MM-DD, the store's calendar) sells:
 * the one under way, or the next once the last has ended (after 5 April). Back to back, never
 * sharing a day: high season from 15 December (weekends 120 %), New Year 31 December to 3 January
 * (130 %), the Spring Festival from its eve for eight days (150 %), and the spring's end from 16
 * March (80 %).
 */
export function demoSeasons(today: string): PriceSeason[] {
  const year = Number(today.slice(0, 4));
  const winter = today.slice(5) > '04-05' ? year : year - 1;
  const next = winter + 1;
  const high = (from: string, to: string): PriceSeason => ({
    from,
    to,
    percent: 100,
    weekendPercent: 120,
    name: '雪季旺季',
    nameEn: 'High season',
  });
  const seasons: PriceSeason[] = [
    high(`${winter}-12-15`, `${winter}-12-30`),
    {
      from: `${winter}-12-31`,
      to: `${next}-01-03`,
      percent: 130,
      name: '元旦',
      nameEn: 'New Year',
    },
  ];
  const newYear = NEW_YEAR_DAY[next];
  if (newYear) {
    const eve = addDays(`${next}-${newYear}`, -1);
    const last = addDays(eve, 7);
    seasons.push(
      high(`${next}-01-04`, addDays(eve, -1)),
      { from: eve, to: last, percent: 150, name: '春节', nameEn: 'Spring Festival' },
      high(addDays(last, 1), `${next}-03-15`),
    );
  } else {
    seasons.push(high(`${next}-01-04`, `${next}-03-15`));
  }
  seasons.push({
    from: `${next}-03-16`,
    to: `${next}-04-05`,
    percent: 80,
    name: '雪季末',
    nameEn: 'Late season',
  });
  return seasons;
}
