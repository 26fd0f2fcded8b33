import { describe, expect, it } from 'vitest';
import {
  BOOT_SIZE_SYSTEMS,
  bootMondopointOf,
  bootSizeBounds,
  bootSizeEquivalents,
  bootSizeToMondopoint,
  childSized,
  cmToFeetInches,
  euToMondopoint,
  feetInchesToCm,
  fittingKind,
  kgToLb,
  lbToKg,
  mondopointToBootSize,
  mondopointToEu,
  RIDER_LIMITS,
  RiderFieldsSchema,
  sizedGear,
  sizeMisfit,
  suggestedSize,
  type RiderFields,
} from './index.js';

const rider = (fields: Partial<RiderFields>) =>
  RiderFieldsSchema.parse({ name: '小宝', ...fields });
const ski = { name: '双板滑雪板', dinAdjustable: true };
const boots = { name: '双板滑雪鞋', dinAdjustable: false };
const helmet = { name: '头盔', dinAdjustable: false };
const lengths = (...cm: number[]) => [{ id: 'length', options: cm.map(String) }];
/** The demo's skis: children's 70–130 cm and adults' 140–180 cm. */
const skis = lengths(70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180);
const mondopoint = [
  {
    id: 'size',
    unit: 'MP',
    options: Array.from({ length: 27 }, (_, i) => String(17 + i / 2)),
  },
];
const letters = [{ id: 'size', options: ['XS', 'S', 'M', 'L', 'XL'] }];
const kindsOf = (attributes: { id: string; options: string[] }[]) =>
  attributes[0]!.options.map((o) => ({ size: { [attributes[0]!.id]: o } }));

/** A seven-year-old beginner, 122 cm, 23 kg, foot 19.5 cm; and an adult. */
const child = rider({
  heightCm: 122,
  weightKg: 23,
  age: 7,
  ability: 'I',
  bootSizeMondopoint: 19.5,
});
const adult = rider({
  heightCm: 175,
  weightKg: 70,
  age: 35,
  ability: 'II',
  bootSizeMondopoint: 26.5,
});

describe('sizedGear', () => {
  it('tells helmets apart from the skis their name mentions, and leaves clothing alone', () => {
    expect(sizedGear({ name: 'Ski helmet', dinAdjustable: false })).toBe('helmet');
    expect(sizedGear(helmet)).toBe('helmet');
    expect(sizedGear({ name: '单板滑雪鞋', dinAdjustable: false })).toBe('boot');
    expect(sizedGear({ name: '儿童双板', dinAdjustable: true })).toBe('ski');
    expect(sizedGear({ name: '滑雪服', dinAdjustable: false })).toBeNull();
    expect(sizedGear({ name: 'Ski goggles', dinAdjustable: false })).toBeNull();
  });

  it('takes the gear the server told from the Chinese name, whatever the English name says', () => {
    expect(sizedGear({ name: 'Boards', dinAdjustable: false, gear: 'snowboard' })).toBe(
      'snowboard',
    );
    expect(sizedGear({ name: 'Ski socks', dinAdjustable: false, gear: null })).toBeNull();
    expect(sizedGear({ name: 'Lids', dinAdjustable: false, gear: 'helmet' })).toBe('helmet');
  });
});

describe('skis: length by height and ability', () => {
  it('warns of a ski far longer than the rider should ride, an adult’s ski on a child above all', () => {
    // The child's target is 107 cm (height − 15 for a beginner): 87–117 cm fits.
    expect(sizeMisfit(ski, skis, { length: '140' }, child)).toEqual({
      gear: 'ski',
      problem: 'tooLong',
    });
    expect(sizeMisfit(ski, skis, { length: '120' }, child)?.problem).toBe('tooLong');
    expect(sizeMisfit(ski, skis, { length: '110' }, child)).toBeNull();
    expect(sizeMisfit(ski, skis, { length: '90' }, child)).toBeNull();
    expect(sizeMisfit(ski, skis, { length: '80' }, child)?.problem).toBe('tooShort');
  });

  it('lets a better skier ride longer, and warns an adult of a child’s ski', () => {
    // Type II, 175 cm: target 165, 145–175 fits.
    expect(sizeMisfit(ski, skis, { length: '170' }, adult)).toBeNull();
    expect(sizeMisfit(ski, skis, { length: '180' }, adult)?.problem).toBe('tooLong');
    expect(sizeMisfit(ski, skis, { length: '180' }, { ...adult, ability: 'III' })).toBeNull();
    expect(sizeMisfit(ski, skis, { length: '130' }, adult)?.problem).toBe('tooShort');
    // A beginner (or no type given) is sized as type I: 180 is too long for 175 cm.
    expect(sizeMisfit(ski, skis, { length: '180' }, { ...adult, ability: null })?.problem).toBe(
      'tooLong',
    );
  });

  it('says nothing without a height, or for a size that is not a length', () => {
    expect(sizeMisfit(ski, skis, { length: '180' }, rider({ age: 7 }))).toBeNull();
    expect(
      sizeMisfit(ski, [{ id: 'level', options: ['初级'] }], { level: '初级' }, child),
    ).toBeNull();
    expect(sizeMisfit(ski, skis, {}, child)).toBeNull();
  });

  it('suggests the child’s length among children’s sizes', () => {
    expect(suggestedSize(ski, skis, child)).toEqual({ length: '110' });
    expect(suggestedSize(ski, skis, rider({ heightCm: 100, ability: 'I' }))).toEqual({
      length: '80',
    });
  });
});

describe('boots: Mondopoint', () => {
  it('warns of boots more than one size from the rider’s, either way', () => {
    expect(sizeMisfit(boots, mondopoint, { size: '19.5' }, child)).toBeNull();
    expect(sizeMisfit(boots, mondopoint, { size: '20.5' }, child)).toBeNull();
    expect(sizeMisfit(boots, mondopoint, { size: '18.5' }, child)).toBeNull();
    expect(sizeMisfit(boots, mondopoint, { size: '21' }, child)).toEqual({
      gear: 'boot',
      problem: 'tooBig',
    });
    expect(sizeMisfit(boots, mondopoint, { size: '18' }, child)?.problem).toBe('tooSmall');
    // An adult's boot on a child's foot.
    expect(sizeMisfit(boots, mondopoint, { size: '24' }, child)?.problem).toBe('tooBig');
    expect(sizeMisfit(boots, mondopoint, { size: '26' }, rider({}))).toBeNull();
  });

  it('reads EU sizes as EU: one size there is two thirds of a Mondopoint', () => {
    const eu = [{ id: 'size', options: ['38', '39', '40', '41', '42', '43', '44'] }];
    // 26.5 is EU 41: 40 and 42 fit, 39 and 43 are more than a Mondopoint away.
    expect(sizeMisfit(boots, eu, { size: '40' }, adult)).toBeNull();
    expect(sizeMisfit(boots, eu, { size: '42' }, adult)).toBeNull();
    expect(sizeMisfit(boots, eu, { size: '39' }, adult)?.problem).toBe('tooSmall');
    expect(sizeMisfit(boots, eu, { size: '43' }, adult)?.problem).toBe('tooBig');
    // The unit says so even where the sizes alone would read as Mondopoint: 19.5 is EU 30.5,
    // between 30 and 31, and the roomier boot is suggested.
    const kids = [{ id: 'size', unit: 'EU', options: ['28', '29', '30', '31', '32'] }];
    expect(suggestedSize(boots, kids, child)).toEqual({ size: '31' });
  });

  it('reads a boot kind’s Mondopoint from its value, for other gear and EU boots none', () => {
    expect(bootMondopointOf(boots, mondopoint, { size: '26.5' })).toBe(26.5);
    expect(bootMondopointOf(boots, mondopoint, {})).toBeNull();
    expect(
      bootMondopointOf({ name: 'Ski boots', dinAdjustable: false }, mondopoint, { size: '27' }),
    ).toBe(27);
    const eu = [{ id: 'size', unit: 'EU', options: ['38', '39', '40'] }];
    expect(bootMondopointOf(boots, eu, { size: '39' })).toBeNull();
    expect(bootMondopointOf(ski, skis, { length: '150' })).toBeNull();
  });

  it('suggests the rider’s own Mondopoint', () => {
    expect(suggestedSize(boots, mondopoint, child)).toEqual({ size: '19.5' });
    expect(suggestedSize(boots, mondopoint, adult)).toEqual({ size: '26.5' });
  });
});

describe('snowboards and poles', () => {
  const board = { name: '单板滑雪板', dinAdjustable: false };
  const boards = lengths(142, 148, 152, 156, 160);
  const pole = { name: '雪杖', dinAdjustable: false };
  const poles = lengths(80, 90, 100, 105, 110, 115, 120, 125);

  it('warns of a board far from the length for height and weight', () => {
    // 175 cm and 70 kg: about 153 cm.
    expect(sizeMisfit(board, boards, { length: '148' }, adult)).toBeNull();
    expect(sizeMisfit(board, boards, { length: '160' }, adult)).toBeNull();
    expect(sizeMisfit(board, boards, { length: '142' }, adult)?.problem).toBe('tooShort');
    expect(sizeMisfit(board, boards, { length: '142' }, child)?.problem).toBe('tooLong');
  });

  it('warns of poles far from about two thirds of the height', () => {
    expect(sizeMisfit(pole, poles, { length: '120' }, adult)).toBeNull();
    expect(sizeMisfit(pole, poles, { length: '100' }, adult)?.problem).toBe('tooShort');
    expect(sizeMisfit(pole, poles, { length: '110' }, child)?.problem).toBe('tooLong');
    expect(suggestedSize(pole, poles, child)).toEqual({ length: '80' });
  });
});

describe('helmets: a child’s head or an adult’s', () => {
  it('warns of an adult’s size on a child and a child’s on an adult', () => {
    expect(sizeMisfit(helmet, letters, { size: 'M' }, child)).toEqual({
      gear: 'helmet',
      problem: 'adultSize',
    });
    expect(sizeMisfit(helmet, letters, { size: 'S' }, child)).toBeNull();
    expect(sizeMisfit(helmet, letters, { size: 'XS' }, child)).toBeNull();
    expect(sizeMisfit(helmet, letters, { size: 'XS' }, adult)?.problem).toBe('childSize');
    expect(sizeMisfit(helmet, letters, { size: 'S' }, adult)).toBeNull();
    expect(sizeMisfit(helmet, letters, { size: 'XL' }, adult)).toBeNull();
  });

  it('goes by age, else by height, and leaves a teenager or an unknown to the rider', () => {
    expect(sizeMisfit(helmet, letters, { size: 'L' }, rider({ heightCm: 125 }))?.problem).toBe(
      'adultSize',
    );
    expect(sizeMisfit(helmet, letters, { size: 'XS' }, rider({ heightCm: 170 }))?.problem).toBe(
      'childSize',
    );
    expect(sizeMisfit(helmet, letters, { size: 'L' }, rider({ age: 13 }))).toBeNull();
    expect(sizeMisfit(helmet, letters, { size: 'XS' }, rider({ heightCm: 148 }))).toBeNull();
    expect(sizeMisfit(helmet, letters, { size: 'L' }, rider({}))).toBeNull();
  });

  it('reads head circumferences in cm too', () => {
    const cm = [{ id: 'size', options: ['50', '54', '57', '60'] }];
    expect(sizeMisfit(helmet, cm, { size: '57' }, child)?.problem).toBe('adultSize');
    expect(sizeMisfit(helmet, cm, { size: '54' }, child)).toBeNull();
    expect(sizeMisfit(helmet, cm, { size: '50' }, adult)?.problem).toBe('childSize');
  });

  it('suggests no helmet size by itself: the head is not measured', () => {
    expect(suggestedSize(helmet, letters, child)).toEqual({});
  });
});

describe('fittingKind: the size to take instead', () => {
  it('is the free kind closest to what the rider needs', () => {
    expect(fittingKind(ski, skis, kindsOf(skis), child)?.size).toEqual({ length: '110' });
    // Without 110 free: 100 (7 cm off) before 90.
    const free = kindsOf(skis).filter((k) => k.size.length !== '110');
    expect(fittingKind(ski, skis, free, child)?.size).toEqual({ length: '100' });
    expect(fittingKind(boots, mondopoint, kindsOf(mondopoint), child)?.size).toEqual({
      size: '19.5',
    });
    expect(fittingKind(helmet, letters, kindsOf(letters), child)?.size).toEqual({ size: 'S' });
    expect(fittingKind(helmet, letters, kindsOf(letters), adult)?.size).toEqual({ size: 'M' });
    // A young child's helmet is the smallest.
    expect(fittingKind(helmet, letters, kindsOf(letters), rider({ age: 4 }))?.size).toEqual({
      size: 'XS',
    });
  });

  it('is nothing when no size that fits is free, or nothing tells', () => {
    const adultsOnly = kindsOf(lengths(140, 150, 160, 170, 180));
    expect(fittingKind(ski, skis, adultsOnly, child)).toBeNull();
    expect(fittingKind(ski, skis, kindsOf(skis), rider({}))).toBeNull();
    expect(
      fittingKind({ name: '滑雪服', dinAdjustable: false }, letters, kindsOf(letters), child),
    ).toBeNull();
  });

  it('keeps the chosen kind’s other size values where one like that fits', () => {
    const board = { name: 'Snowboard', dinAdjustable: false };
    const attributes = [
      { id: 'length', options: ['148', '152', '156'] },
      { id: 'stance', options: ['regular', 'goofy'] },
    ];
    const kinds = [
      { size: { length: '152', stance: 'regular' } },
      { size: { length: '156', stance: 'goofy' } },
      { size: { length: '148', stance: 'goofy' } },
    ];
    // 175 cm, 70 kg: 152 is closest, but the goofy rider keeps a goofy board that fits.
    expect(
      fittingKind(board, attributes, kinds, adult, { length: '148', stance: 'goofy' })?.size,
    ).toEqual({ length: '156', stance: 'goofy' });
    expect(fittingKind(board, attributes, kinds, adult)?.size).toEqual({
      length: '152',
      stance: 'regular',
    });
  });
});

describe('boot sizes in the systems a visitor knows', () => {
  /** Every Mondopoint a rider may have, in half sizes. */
  const { min, max } = RIDER_LIMITS.bootSizeMondopoint;
  const mondopoints = Array.from({ length: (max - min) * 2 + 1 }, (_, i) => min + i / 2);

  it('gives the makers’ chart equivalents of a Mondopoint', () => {
    expect(bootSizeEquivalents(26.5)).toEqual({ eu: 41, uk: 7.5, usMen: 8.5, usWomen: 9.5 });
    expect(bootSizeEquivalents(27)).toEqual({ eu: 42, uk: 8, usMen: 9, usWomen: 10 });
    expect(bootSizeEquivalents(22)).toEqual({ eu: 34.5, uk: 3, usMen: 4, usWomen: 5 });
    expect(bootSizeEquivalents(28.5)).toEqual({ eu: 44, uk: 9.5, usMen: 10.5, usWomen: 11.5 });
    // A child's foot has no adult UK or US size: EU only.
    expect(bootSizeEquivalents(19.5)).toEqual({ eu: 30.5, uk: null, usMen: null, usWomen: null });
    expect(mondopointToEu(15)).toBe(24);
  });

  it('reads a size entered in any system as the Mondopoint the booking keeps', () => {
    expect(bootSizeToMondopoint('eu', 42)).toBe(27);
    expect(bootSizeToMondopoint('eu', 41)).toBe(26.5);
    expect(euToMondopoint(44)).toBe(28.5);
    expect(bootSizeToMondopoint('usWomen', 8)).toBe(25);
    expect(bootSizeToMondopoint('usMen', 8.5)).toBe(26.5);
    expect(bootSizeToMondopoint('uk', 7.5)).toBe(26.5);
    expect(bootSizeToMondopoint('mondopoint', 26.5)).toBe(26.5);
  });

  it('brings every Mondopoint half size back unchanged through every system', () => {
    for (const system of BOOT_SIZE_SYSTEMS)
      for (const mondopoint of mondopoints) {
        const size = mondopointToBootSize(system, mondopoint);
        if (size === null) {
          expect(mondopoint).toBeLessThan(22);
          continue;
        }
        expect(Number.isInteger(size * 2)).toBe(true);
        expect(bootSizeToMondopoint(system, size)).toBe(mondopoint);
      }
  });

  it('keeps every size entered in a system within the riders’ bounds, and refuses the rest', () => {
    expect(bootSizeBounds('mondopoint')).toEqual({ min: 15, max: 35 });
    expect(bootSizeBounds('eu')).toEqual({ min: 24, max: 54 });
    expect(bootSizeBounds('uk')).toEqual({ min: 3, max: 16 });
    expect(bootSizeBounds('usMen')).toEqual({ min: 4, max: 17 });
    expect(bootSizeBounds('usWomen')).toEqual({ min: 5, max: 18 });
    for (const system of BOOT_SIZE_SYSTEMS) {
      const { min: low, max: high } = bootSizeBounds(system);
      for (let size = low; size <= high; size += 0.5) {
        const mondopoint = bootSizeToMondopoint(system, size)!;
        expect(mondopoint).toBeGreaterThanOrEqual(min);
        expect(mondopoint).toBeLessThanOrEqual(max);
      }
      expect(bootSizeToMondopoint(system, low - 0.5)).toBeNull();
      expect(bootSizeToMondopoint(system, high + 0.5)).toBeNull();
      expect(bootSizeToMondopoint(system, low + 0.3)).toBeNull();
      expect(bootSizeToMondopoint(system, Number.NaN)).toBeNull();
    }
  });
});

describe('heights and weights in feet, inches and pounds', () => {
  it('shows a height in feet and inches, and keeps one entered so in whole cm', () => {
    expect(cmToFeetInches(175)).toEqual({ feet: 5, inches: 9 });
    expect(cmToFeetInches(183)).toEqual({ feet: 6, inches: 0 });
    expect(cmToFeetInches(80)).toEqual({ feet: 2, inches: 7 });
    expect(feetInchesToCm(5, 10)).toBe(178);
    expect(feetInchesToCm(6, 0)).toBe(183);
    // Whole inches survive the whole cm they are kept in.
    for (let inches = 32; inches <= 90; inches++) {
      const back = cmToFeetInches(feetInchesToCm(0, inches));
      expect(back.feet * 12 + back.inches).toBe(inches);
    }
  });

  it('shows a weight in pounds, and keeps one entered so in whole kg', () => {
    expect(kgToLb(70)).toBe(154);
    expect(kgToLb(10)).toBe(22);
    expect(lbToKg(150)).toBe(68);
    expect(lbToKg(154)).toBe(70);
    // Whole kg survive the pounds they are shown in.
    for (let kg = 10; kg <= 200; kg++) expect(lbToKg(kgToLb(kg))).toBe(kg);
  });
});

describe("children's sizes: the junior rate whatever age was given", () => {
  const pole = { name: '雪杖', dinAdjustable: false };
  const board = { name: '单板滑雪板', dinAdjustable: false };
  const eu = [{ id: 'size', unit: 'EU', options: ['30', '33.5', '34', '40'] }];
  const goggles = { name: '雪镜', dinAdjustable: false };

  it('takes skis and boards of 120 cm and under, poles of 90 and under, for a child’s', () => {
    expect(childSized(ski, skis, { length: '120' })).toBe(true);
    expect(childSized(ski, skis, { length: '130' })).toBe(false);
    expect(childSized(board, lengths(110, 120, 130), { length: '110' })).toBe(true);
    expect(childSized(board, lengths(110, 120, 130), { length: '130' })).toBe(false);
    expect(childSized(pole, lengths(80, 90, 95), { length: '90' })).toBe(true);
    expect(childSized(pole, lengths(80, 90, 95), { length: '95' })).toBe(false);
  });

  it('takes boots of Mondopoint 21.5 and under (EU 33.5), never the smallest adult’s 22.5', () => {
    expect(childSized(boots, mondopoint, { size: '21.5' })).toBe(true);
    expect(childSized(boots, mondopoint, { size: '22' })).toBe(false);
    expect(childSized(boots, mondopoint, { size: '22.5' })).toBe(false);
    expect(childSized(boots, eu, { size: '33.5' })).toBe(true);
    expect(childSized(boots, eu, { size: '34' })).toBe(false);
  });

  it('takes an XS helmet (a head under 52 cm), not an S that adults wear too', () => {
    expect(childSized(helmet, letters, { size: 'XS' })).toBe(true);
    expect(childSized(helmet, letters, { size: 'S' })).toBe(false);
    expect(childSized(helmet, [{ id: 'size', options: ['50', '56'] }], { size: '50' })).toBe(true);
  });

  it('says nothing of gear that is not sized, a size in words, or no size chosen', () => {
    expect(childSized(goggles, letters, { size: 'XS' })).toBeNull();
    expect(childSized(ski, [{ id: 'level', options: ['初级', '高级'] }], { level: '初级' })).toBe(
      null,
    );
    expect(childSized(ski, skis, {})).toBeNull();
  });
});
