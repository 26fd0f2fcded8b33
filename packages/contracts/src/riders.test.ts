import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  DinConfirmSchema,
  dinSuggestion,
  estimatedSoleLengthMm,
  euToMondopoint,
  mondopointToEu,
  OrderCustomerNameSchema,
  RiderFieldsSchema,
  skierCode,
  suggestedSize,
  type DinRider,
  type RiderFields,
} from './index.js';

const adult: DinRider = {
  weightKg: 70,
  heightCm: 175,
  age: 30,
  ability: 'II',
  bootSoleLengthMm: 305,
};
const code = (letter: string) => letter.charCodeAt(0) - 'A'.charCodeAt(0);

describe('skier code (ISO 11088)', () => {
  it('comes from the weight bands', () => {
    expect(skierCode(10, 120)).toBe(code('A'));
    expect(skierCode(25, 125)).toBe(code('D'));
    expect(skierCode(66, 190)).toBe(code('J'));
    expect(skierCode(67, 190)).toBe(code('K'));
    expect(skierCode(95, 200)).toBe(code('M'));
  });

  it('takes the height instead where it gives a lower code, never below H', () => {
    expect(skierCode(100, 160)).toBe(code('J'));
    expect(skierCode(100, 140)).toBe(code('H'));
    expect(skierCode(70, 178)).toBe(code('K'));
    expect(skierCode(70, 179)).toBe(code('K'));
    expect(skierCode(45, 180)).toBe(code('H'));
  });
});

describe('DIN suggestion (the ISO 11088 chart)', () => {
  it('reads of a rider exactly the fields the rider schema gives, of the same types', () => {
    expectTypeOf<Pick<RiderFields, keyof DinRider>>().toEqualTypeOf<DinRider>();
  });

  it('reads the chart for a 70 kg, 175 cm, 30-year-old type II skier with a 305 mm sole', () => {
    // K by weight and height, type II one code up: L; 291–310 mm: 6.5.
    expect(dinSuggestion(adult)).toBe(6.5);
  });

  it('moves one code per type step, and one down for the young and from 50', () => {
    expect(dinSuggestion({ ...adult, ability: 'I' })).toBe(5.5);
    expect(dinSuggestion({ ...adult, ability: 'III' })).toBe(8);
    expect(dinSuggestion({ ...adult, age: 49 })).toBe(6.5);
    expect(dinSuggestion({ ...adult, age: 50 })).toBe(5.5);
    expect(dinSuggestion({ ...adult, age: 72, ability: 'I' })).toBe(4.5);
    // A child: D by weight, under 10: C; 231–250 mm: 1.25.
    expect(
      dinSuggestion({ weightKg: 25, heightCm: 125, age: 8, ability: 'I', bootSoleLengthMm: 240 }),
    ).toBe(1.25);
  });

  it('reads no type as type I and no age as no correction', () => {
    expect(dinSuggestion({ ...adult, ability: null })).toBe(5.5);
    expect(dinSuggestion({ ...adult, age: null })).toBe(6.5);
  });

  it('uses the height where it gives a lower code', () => {
    // 100 kg is M, 160 cm is J: J; type I; 271–290 mm: 5.
    expect(
      dinSuggestion({ weightKg: 100, heightCm: 160, age: 40, ability: 'I', bootSoleLengthMm: 280 }),
    ).toBe(5);
  });

  it('takes the column of the sole length, the longest soles in the last one', () => {
    const typeI = { ...adult, ability: 'I' as const };
    expect(dinSuggestion({ ...typeI, bootSoleLengthMm: 270 })).toBe(6.5);
    expect(dinSuggestion({ ...typeI, bootSoleLengthMm: 271 })).toBe(6);
    expect(dinSuggestion({ ...typeI, bootSoleLengthMm: 310 })).toBe(5.5);
    expect(dinSuggestion({ ...typeI, bootSoleLengthMm: 311 })).toBe(5);
    expect(dinSuggestion({ ...typeI, bootSoleLengthMm: 351 })).toBe(4);
  });

  it('stays within the chart: O at most, A at least', () => {
    expect(
      dinSuggestion({
        weightKg: 120,
        heightCm: 200,
        age: 35,
        ability: 'III',
        bootSoleLengthMm: 330,
      }),
    ).toBe(10);
    expect(
      dinSuggestion({ weightKg: 11, heightCm: 90, age: 4, ability: 'I', bootSoleLengthMm: 200 }),
    ).toBe(0.75);
  });

  it('suggests nothing without weight, height or sole length, or where the chart is blank', () => {
    expect(dinSuggestion({ ...adult, weightKg: null })).toBeNull();
    expect(dinSuggestion({ ...adult, heightCm: null })).toBeNull();
    expect(dinSuggestion({ ...adult, bootSoleLengthMm: null })).toBeNull();
    // K with a 240 mm sole: no adult wears such a boot, the chart is blank.
    expect(dinSuggestion({ ...adult, bootSoleLengthMm: 240 })).toBeNull();
  });
});

describe('the DIN the technician sets', () => {
  it('takes quarter steps from 0.75 to 14', () => {
    for (const setting of [0.75, 1.25, 6.5, 14]) {
      expect(DinConfirmSchema.safeParse({ setting }).success).toBe(true);
    }
    for (const setting of [0.5, 6.3, 14.25, Number.NaN]) {
      expect(DinConfirmSchema.safeParse({ setting }).success).toBe(false);
    }
  });
});

describe('boot sizes', () => {
  it('converts Mondopoint to EU sizes and back, by the ski makers’ chart', () => {
    expect(mondopointToEu(26.5)).toBe(41);
    expect(mondopointToEu(23)).toBe(36);
    expect(euToMondopoint(42)).toBe(27);
    expect(euToMondopoint(38)).toBe(24.5);
    expect(euToMondopoint(mondopointToEu(28.5))).toBe(28.5);
  });
});

describe('size suggestion', () => {
  const rider = (fields: Partial<RiderFields>) =>
    RiderFieldsSchema.parse({ name: '张三', ...fields });
  const lengths = (...cm: number[]) => [{ id: 'length', options: cm.map(String) }];
  const ski = { name: '双板滑雪板', dinAdjustable: true };
  const skis = lengths(140, 150, 160, 170, 180);

  it('sizes skis from height and ability: shorter for beginners, longer for the advanced', () => {
    expect(suggestedSize(ski, skis, rider({ heightCm: 175, ability: 'I' }))).toEqual({
      length: '160',
    });
    expect(suggestedSize(ski, skis, rider({ heightCm: 175, ability: 'III' }))).toEqual({
      length: '170',
    });
    // 165 cm lies between two: the shorter, easier ski.
    expect(suggestedSize(ski, skis, rider({ heightCm: 175, ability: 'II' }))).toEqual({
      length: '160',
    });
    // No ability given: sized as a beginner.
    expect(suggestedSize(ski, skis, rider({ heightCm: 185 }))).toEqual({ length: '170' });
    expect(suggestedSize(ski, skis, rider({ weightKg: 70 }))).toEqual({});
  });

  it('sizes snowboards from height and weight, either alone when the other is missing', () => {
    const board = { name: '单板滑雪板', dinAdjustable: false };
    const boards = lengths(142, 148, 152, 156, 160);
    expect(suggestedSize(board, boards, rider({ heightCm: 175, weightKg: 70 }))).toEqual({
      length: '152',
    });
    expect(suggestedSize(board, boards, rider({ heightCm: 175, weightKg: 95 }))).toEqual({
      length: '160',
    });
    expect(suggestedSize(board, boards, rider({ heightCm: 160 }))).toEqual({ length: '142' });
    expect(suggestedSize({ name: 'Snowboard', dinAdjustable: false }, boards, rider({}))).toEqual(
      {},
    );
  });

  it('sizes boots from the Mondopoint on the EU scale, the larger between two', () => {
    const eu = [
      { id: 'size', options: ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45'] },
    ];
    const boots = { name: '双板滑雪鞋', dinAdjustable: false };
    expect(suggestedSize(boots, eu, rider({ bootSizeMondopoint: 26.5 }))).toEqual({ size: '41' });
    expect(suggestedSize(boots, eu, rider({ bootSizeMondopoint: 25 }))).toEqual({ size: '39' });
    // 23.5 is EU 36.5: between 36 and 37, the larger.
    expect(suggestedSize(boots, eu, rider({ bootSizeMondopoint: 23.5 }))).toEqual({ size: '37' });
    expect(
      suggestedSize(
        { name: '单板滑雪鞋', dinAdjustable: false },
        eu,
        rider({ bootSizeMondopoint: 24 }),
      ),
    ).toEqual({ size: '38' });
    expect(
      suggestedSize(
        { name: 'Ski boots', dinAdjustable: false },
        eu,
        rider({ bootSizeMondopoint: 29 }),
      ),
    ).toEqual({ size: '45' });
  });

  it('sizes poles from height', () => {
    const poles = lengths(100, 105, 110, 115, 120, 125);
    expect(
      suggestedSize({ name: '雪杖', dinAdjustable: false }, poles, rider({ heightCm: 175 })),
    ).toEqual({ length: '120' });
  });

  it('leaves helmets, clothing and sizes in words to the rider', () => {
    const full = rider({ heightCm: 175, weightKg: 70, bootSizeMondopoint: 26.5 });
    const letters = [{ id: 'size', options: ['S', 'M', 'L', 'XL'] }];
    expect(suggestedSize({ name: '头盔', dinAdjustable: false }, letters, full)).toEqual({});
    expect(suggestedSize({ name: '滑雪服', dinAdjustable: false }, letters, full)).toEqual({});
    expect(suggestedSize(ski, [{ id: 'level', options: ['初级', '中级'] }], full)).toEqual({});
    // Helmets measured in cm are still the rider's choice, though named after skiing.
    const circumference = [{ id: 'size', options: ['52', '56', '60'] }];
    expect(
      suggestedSize({ name: 'Ski helmet', dinAdjustable: false }, circumference, full),
    ).toEqual({});
  });
});

describe('estimatedSoleLengthMm', () => {
  it('reads a rental shell about 40 mm longer than the foot', () => {
    expect(estimatedSoleLengthMm(26.5)).toBe(305);
    expect(estimatedSoleLengthMm(24)).toBe(280);
    expect(estimatedSoleLengthMm(null)).toBeNull();
  });
});

describe('names as a passport prints them', () => {
  const passport = "O'BRIEN, MARY-JANE ELIZABETH";
  const long = `${'A'.repeat(30)}, ${'B'.repeat(32)}`;

  it('takes a rider and an order’s customer of up to 64 characters, commas and apostrophes', () => {
    for (const name of [passport, long]) {
      expect(RiderFieldsSchema.safeParse({ name }).success, name).toBe(true);
      expect(OrderCustomerNameSchema.safeParse(name).success, name).toBe(true);
    }
    expect(RiderFieldsSchema.safeParse({ name: `${long}C` }).success).toBe(false);
    expect(OrderCustomerNameSchema.safeParse(`${long}C`).success).toBe(false);
  });
});
