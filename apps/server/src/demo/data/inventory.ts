import { EquipmentStatus as S, EquipmentSizeKind } from '@snowgear/contracts';

/** Demo stock: real snow-gear categories, attributes, and 140+ items in every status. */
export interface DemoAttribute {
  name: string;
  displayName: string;
  displayNameEn: string;
  kind: 'text' | 'number' | 'select' | 'multi-select' | 'boolean' | 'date';
  options?: string[];
  /** The options in English, by position. */
  optionsEn?: string[];
  unit?: string;
  isFilterable?: boolean;
  isRequired?: boolean;
  /** The customer chooses it when booking the kind (a size). */
  isSize?: boolean;
}

export interface DemoCategory {
  code: string;
  name: string;
  nameEn: string;
  sizeKind: (typeof EquipmentSizeKind)[keyof typeof EquipmentSizeKind];
  /** Skis whose binding release value is set per rider. */
  dinAdjustable?: boolean;
  attributes: DemoAttribute[];
  /** Rent and deposit in yuan. */
  dailyRent: number;
  deposit: number;
  models: DemoModel[];
  /** Attribute name → values to cycle through. */
  sizes: Record<string, string[]>;
  perStore: number;
  /** Children's sizes, numbered after the adults' at each store. */
  junior?: DemoJunior;
  /** Premium gear (its `grade` 高端), numbered after the children's, at its own prices. */
  premium?: DemoPremium;
}

/** A premium line of a category: what the premium pack holds (contracts' `GRADE_ATTRIBUTE`). */
export interface DemoPremium {
  models: DemoModel[];
  sizes: Record<string, string[]>;
  dailyRent: number;
  deposit: number;
  count: number;
}

/** A model of the category; its name in Chinese and in English. */
export interface DemoModel {
  brand: string;
  model: string;
  name: string;
  nameEn: string;
}

/**
 * Children's gear in the same category, so a family books for everyone in one place and the
 * sizing warns when a child's size and an adult's are mixed up. The day's rent is the adult's
 * (the fitting and care cost the same, and a pack's price holds for every rider); the deposit
 * is lower, as the gear costs less to replace.
 */
export interface DemoJunior {
  models: DemoModel[];
  sizes: Record<string, string[]>;
  deposit: number;
  count: number;
}

const LEVEL: DemoAttribute = {
  name: 'level',
  displayName: '适用水平',
  displayNameEn: 'Level',
  kind: 'select',
  options: ['初级', '中级', '高级'],
  optionsEn: ['Beginner', 'Intermediate', 'Advanced'],
  isFilterable: true,
};

/**
 * The grade of a kind of gear, a size the customer books by (contracts' `GRADE_ATTRIBUTE`): the
 * premium pack holds premium skis. Gear without a value is of no grade.
 */
export const GRADE: DemoAttribute = {
  name: 'grade',
  displayName: '档次',
  displayNameEn: 'Grade',
  kind: 'select',
  options: ['入门', '进阶', '高端'],
  optionsEn: ['Beginner', 'Sport', 'Premium'],
  isFilterable: true,
  isSize: true,
};

export const COLOUR: DemoAttribute = {
  name: 'colour',
  displayName: '颜色',
  displayNameEn: 'Colour',
  kind: 'select',
  options: ['黑色', '白色', '红色', '蓝色', '绿色', '黄色', '粉色'],
  optionsEn: ['Black', 'White', 'Red', 'Blue', 'Green', 'Yellow', 'Pink'],
  isFilterable: true,
};

/** Boot sizes in half Mondopoint steps ('22', '22.5', … '30'). */
function halfSizes(from: number, to: number): string[] {
  return Array.from({ length: (to - from) * 2 + 1 }, (_, i) => String(from + i / 2));
}

export const demoCategories: DemoCategory[] = [
  {
    code: 'SKI',
    name: '双板滑雪板',
    nameEn: 'Skis',
    sizeKind: EquipmentSizeKind.LargeEquipment,
    dinAdjustable: true,
    attributes: [
      {
        name: 'length',
        isSize: true,
        displayName: '长度',
        displayNameEn: 'Length',
        kind: 'select',
        options: ['70', '80', '90', '100', '110', '120', '130', '140', '150', '160', '170', '180'],
        unit: 'cm',
        isFilterable: true,
        isRequired: true,
      },
      LEVEL,
      GRADE,
    ],
    dailyRent: 120,
    deposit: 1000,
    models: [
      {
        brand: 'Rossignol',
        model: 'Experience 78',
        name: '金鸡 Experience 78 双板',
        nameEn: 'Rossignol Experience 78 skis',
      },
      {
        brand: 'Atomic',
        model: 'Redster X5',
        name: '阿托米克 Redster X5 双板',
        nameEn: 'Atomic Redster X5 skis',
      },
      {
        brand: 'Head',
        model: 'Shape e-V5',
        name: '海德 Shape V5 双板',
        nameEn: 'Head Shape V5 skis',
      },
    ],
    sizes: {
      length: ['150', '160', '170', '140', '180', '160'],
      level: ['初级', '中级', '高级', '初级', '中级', '初级'],
    },
    perStore: 6,
    junior: {
      models: [
        {
          brand: 'Rossignol',
          model: 'Experience Pro',
          name: '金鸡 Experience Pro 儿童双板',
          nameEn: "Rossignol Experience Pro kids' skis",
        },
        {
          brand: 'Atomic',
          model: 'Redster J2',
          name: '阿托米克 Redster J2 儿童双板',
          nameEn: "Atomic Redster J2 kids' skis",
        },
      ],
      sizes: { length: ['70', '80', '90', '100', '110', '120', '130'], level: ['初级'] },
      deposit: 600,
      count: 7,
    },
    premium: {
      models: [
        {
          brand: 'Völkl',
          model: 'Deacon 76',
          name: '沃克 Deacon 76 高端双板',
          nameEn: 'Völkl Deacon 76 premium skis',
        },
        {
          brand: 'Salomon',
          model: 'S/Max 12',
          name: '萨洛蒙 S/Max 12 高端双板',
          nameEn: 'Salomon S/Max 12 premium skis',
        },
      ],
      sizes: { length: ['160', '170', '180'], level: ['高级'], grade: ['高端'] },
      dailyRent: 150,
      deposit: 1500,
      count: 3,
    },
  },
  {
    code: 'SB',
    name: '单板滑雪板',
    nameEn: 'Snowboards',
    sizeKind: EquipmentSizeKind.LargeEquipment,
    attributes: [
      {
        name: 'length',
        isSize: true,
        displayName: '长度',
        displayNameEn: 'Length',
        kind: 'select',
        options: ['142', '148', '152', '156', '160'],
        unit: 'cm',
        isFilterable: true,
        isRequired: true,
      },
      LEVEL,
      {
        name: 'stance',
        displayName: '站姿',
        displayNameEn: 'Stance',
        kind: 'select',
        options: ['左脚在前', '右脚在前'],
        optionsEn: ['Regular (left foot forward)', 'Goofy (right foot forward)'],
        isFilterable: true,
      },
    ],
    dailyRent: 120,
    deposit: 1000,
    models: [
      {
        brand: 'Burton',
        model: 'Ripcord',
        name: '伯顿 Ripcord 单板',
        nameEn: 'Burton Ripcord snowboard',
      },
      {
        brand: 'Salomon',
        model: 'Pulse',
        name: '萨洛蒙 Pulse 单板',
        nameEn: 'Salomon Pulse snowboard',
      },
    ],
    sizes: {
      length: ['148', '152', '156', '142', '160'],
      level: ['初级', '初级', '中级', '初级', '高级'],
      stance: ['左脚在前', '右脚在前', '左脚在前', '左脚在前', '右脚在前'],
    },
    perStore: 5,
  },
  {
    code: 'SBT',
    name: '双板滑雪鞋',
    nameEn: 'Ski boots',
    sizeKind: EquipmentSizeKind.LargeEquipment,
    attributes: [
      {
        name: 'size',
        isSize: true,
        displayName: '鞋码',
        displayNameEn: 'Boot size',
        kind: 'select',
        // Mondopoint (the foot's length in cm), as ski boots are labelled.
        options: halfSizes(17, 30),
        unit: 'MP',
        isFilterable: true,
        isRequired: true,
      },
      { name: 'flex', displayName: '硬度', displayNameEn: 'Flex', kind: 'number', unit: 'flex' },
    ],
    dailyRent: 50,
    deposit: 300,
    models: [
      {
        brand: 'Salomon',
        model: 'Select HV',
        name: '萨洛蒙 Select 双板鞋',
        nameEn: 'Salomon Select ski boots',
      },
      {
        brand: 'Nordica',
        model: 'Sportmachine',
        name: '诺迪卡 Sportmachine 双板鞋',
        nameEn: 'Nordica Sportmachine ski boots',
      },
    ],
    sizes: {
      size: ['23.5', '25', '26.5', '28', '24.5'],
      flex: ['70', '80', '90', '100', '70'],
    },
    perStore: 5,
    junior: {
      models: [
        {
          brand: 'Salomon',
          model: 'T3 RT',
          name: '萨洛蒙 T3 儿童双板鞋',
          nameEn: "Salomon T3 kids' ski boots",
        },
        {
          brand: 'Nordica',
          model: 'Speedmachine J',
          name: '诺迪卡 Speedmachine J 儿童双板鞋',
          nameEn: "Nordica Speedmachine J kids' ski boots",
        },
      ],
      sizes: { size: ['17', '18', '19', '20', '21', '22', '23', '24'], flex: ['40', '50', '60'] },
      deposit: 200,
      count: 8,
    },
  },
  {
    code: 'BBT',
    name: '单板滑雪鞋',
    nameEn: 'Snowboard boots',
    sizeKind: EquipmentSizeKind.LargeEquipment,
    attributes: [
      {
        name: 'size',
        isSize: true,
        displayName: '鞋码',
        displayNameEn: 'Boot size',
        kind: 'select',
        options: halfSizes(22, 30),
        unit: 'MP',
        isFilterable: true,
        isRequired: true,
      },
    ],
    dailyRent: 50,
    deposit: 300,
    models: [
      {
        brand: 'Burton',
        model: 'Moto BOA',
        name: '伯顿 Moto BOA 单板鞋',
        nameEn: 'Burton Moto BOA snowboard boots',
      },
    ],
    sizes: { size: ['24.5', '26', '27.5'] },
    perStore: 3,
  },
  {
    code: 'POLE',
    name: '雪杖',
    nameEn: 'Ski poles',
    sizeKind: EquipmentSizeKind.SmallEquipment,
    attributes: [
      {
        name: 'length',
        isSize: true,
        displayName: '长度',
        displayNameEn: 'Length',
        kind: 'select',
        options: ['80', '85', '90', '95', '100', '105', '110', '115', '120', '125'],
        unit: 'cm',
        isFilterable: true,
      },
    ],
    dailyRent: 10,
    deposit: 100,
    models: [
      {
        brand: 'Leki',
        model: 'Spitfire',
        name: '乐奇 Spitfire 雪杖',
        nameEn: 'Leki Spitfire ski poles',
      },
    ],
    sizes: { length: ['110', '120'] },
    perStore: 2,
    junior: {
      models: [
        {
          brand: 'Leki',
          model: 'Rider',
          name: '乐奇 Rider 儿童雪杖',
          nameEn: "Leki Rider kids' ski poles",
        },
      ],
      sizes: { length: ['80', '90'] },
      deposit: 50,
      count: 2,
    },
  },
  {
    code: 'HLM',
    name: '头盔',
    nameEn: 'Helmets',
    sizeKind: EquipmentSizeKind.SmallEquipment,
    attributes: [
      {
        name: 'size',
        isSize: true,
        displayName: '尺码',
        displayNameEn: 'Size',
        kind: 'select',
        options: ['XS', 'S', 'M', 'L', 'XL'],
        isFilterable: true,
        isRequired: true,
      },
    ],
    dailyRent: 20,
    deposit: 200,
    models: [
      { brand: 'Giro', model: 'Ledge', name: '吉罗 Ledge 头盔', nameEn: 'Giro Ledge helmet' },
    ],
    sizes: { size: ['M', 'L'] },
    perStore: 2,
    junior: {
      models: [
        {
          brand: 'Giro',
          model: 'Crüe',
          name: '吉罗 Crüe 儿童头盔',
          nameEn: "Giro Crüe kids' helmet",
        },
      ],
      sizes: { size: ['XS', 'S'] },
      deposit: 150,
      count: 2,
    },
  },
  {
    code: 'GOG',
    name: '雪镜',
    nameEn: 'Goggles',
    sizeKind: EquipmentSizeKind.SmallEquipment,
    attributes: [
      {
        name: 'lens',
        isSize: true,
        displayName: '镜片',
        displayNameEn: 'Lens',
        kind: 'select',
        options: ['全天候', '晴天', '阴天'],
        optionsEn: ['All weather', 'Sunny', 'Cloudy'],
        isFilterable: true,
      },
    ],
    dailyRent: 20,
    deposit: 200,
    models: [
      {
        brand: 'Oakley',
        model: 'Flight Deck',
        name: '欧克利 Flight Deck 雪镜',
        nameEn: 'Oakley Flight Deck goggles',
      },
    ],
    sizes: { lens: ['全天候', '晴天'] },
    perStore: 2,
  },
  {
    code: 'PRO',
    name: '护具',
    nameEn: 'Protective gear',
    sizeKind: EquipmentSizeKind.SmallEquipment,
    attributes: [
      {
        name: 'kind',
        isSize: true,
        displayName: '类型',
        displayNameEn: 'Type',
        kind: 'select',
        options: ['护臀', '护膝', '护腕'],
        optionsEn: ['Hip pads', 'Knee pads', 'Wrist guards'],
        isFilterable: true,
      },
      {
        name: 'size',
        isSize: true,
        displayName: '尺码',
        displayNameEn: 'Size',
        kind: 'select',
        options: ['S', 'M', 'L'],
        isFilterable: true,
      },
    ],
    dailyRent: 15,
    deposit: 100,
    models: [
      {
        brand: 'Demon',
        model: 'Flex-Force',
        name: '恶魔 Flex-Force 护具',
        nameEn: 'Demon Flex-Force protective gear',
      },
    ],
    sizes: { kind: ['护臀', '护膝'], size: ['M', 'L'] },
    perStore: 2,
  },
  {
    code: 'WEAR',
    name: '滑雪服',
    nameEn: 'Ski wear',
    sizeKind: EquipmentSizeKind.LargeEquipment,
    attributes: [
      {
        name: 'kind',
        isSize: true,
        displayName: '款式',
        displayNameEn: 'Style',
        kind: 'select',
        options: ['上衣', '裤子', '连体'],
        optionsEn: ['Jacket', 'Pants', 'One-piece'],
        isFilterable: true,
      },
      {
        name: 'size',
        isSize: true,
        displayName: '尺码',
        displayNameEn: 'Size',
        kind: 'select',
        options: ['S', 'M', 'L', 'XL', 'XXL'],
        isFilterable: true,
        isRequired: true,
      },
      { name: 'waterproof', displayName: '防水', displayNameEn: 'Waterproof', kind: 'boolean' },
    ],
    dailyRent: 60,
    deposit: 500,
    models: [
      {
        brand: 'Descente',
        model: 'S.I.O',
        name: '迪桑特 S.I.O 滑雪服',
        nameEn: 'Descente S.I.O ski wear',
      },
    ],
    sizes: { kind: ['上衣', '裤子'], size: ['M', 'L'], waterproof: ['true', 'true'] },
    perStore: 2,
  },
];

/** Which demo items are not in stock: [store code, category code, item number, status]. */
export const demoStatuses: [string, string, number, number][] = [
  ['WL', 'SKI', 2, S.InUse],
  ['WL', 'SB', 3, S.InUse],
  ['WL', 'SB', 4, S.Damaged],
  ['WL', 'SBT', 5, S.Lost],
  ['WL', 'SKI', 6, S.InTransfer],
  ['WL', 'HLM', 2, S.Scrapped],
  ['TW', 'SKI', 1, S.InUse],
  ['TW', 'SBT', 2, S.Damaged],
  ['TW', 'GOG', 2, S.Lost],
  ['TW', 'SB', 5, S.InTransfer],
  ['TW', 'POLE', 2, S.Scrapped],
  ['YD', 'SB', 1, S.InUse],
  ['YD', 'SKI', 3, S.Damaged],
  ['YD', 'PRO', 2, S.Lost],
  ['YD', 'WEAR', 2, S.InTransfer],
  ['YD', 'SKI', 6, S.Scrapped],
];

export const demoColours = COLOUR.options!;

/** Small equipment per store: [name, English name, unit, quantity, low-stock threshold]. */
export const demoSmallEquipment: [string, string, string, number, number][] = [
  ['滑雪袜', 'Ski socks', '双', 40, 10],
  ['暖宝宝', 'Hand warmers', '片', 120, 30],
  ['护脸面罩', 'Face mask', '个', 25, 8],
  ['雪镜防雾布', 'Goggle anti-fog cloth', '块', 6, 10],
  ['一次性头套', 'Disposable helmet liner', '个', 200, 50],
];

/** Ready-made packs for every store, priced below their parts booked one by one (yuan). */
export interface DemoPack {
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  dailyRent: number;
  deposit: number;
  /** Category codes of its components, in order. */
  components: string[];
  /** The grade of gear it holds (GRADE's option); none: any. */
  grade?: string;
}

export const demoPacks: DemoPack[] = [
  {
    name: '双板全套',
    nameEn: 'Full ski set',
    description: '双板滑雪板 + 双板滑雪鞋 + 雪杖 + 头盔，按滑雪者身高、鞋码配好',
    descriptionEn: "Skis + ski boots + poles + helmet, fitted to each skier's height and boot size",
    dailyRent: 180,
    deposit: 1400,
    components: ['SKI', 'SBT', 'POLE', 'HLM'],
  },
  {
    name: '单板全套',
    nameEn: 'Full snowboard set',
    description: '单板滑雪板 + 单板滑雪鞋 + 头盔',
    descriptionEn: 'Snowboard + snowboard boots + helmet',
    dailyRent: 160,
    deposit: 1300,
    components: ['SB', 'BBT', 'HLM'],
  },
];
