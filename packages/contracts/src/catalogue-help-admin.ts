import { z } from 'zod';
import { EquipmentSizeKind, HELP_AUDIENCES, SUPPORTED_LANGUAGES } from './enums.js';
import {
  ATTRIBUTE_KINDS,
  AttributeDefinitionSchema,
  AttributeKind,
  CategorySchema,
} from './equipment.js';
import { HelpArticleSchema, HelpArticleSummarySchema } from './help.js';
import { PagedRequestSchema } from './paging.js';
import { multiLineText, singleLineText } from './text-schemas.js';
import { ValidationCode } from './validation-codes.js';

/**
 * Administration of the catalogue (equipment categories and their attribute definitions) and of
 * help articles (docs/catalogue-and-help.md). Validation messages are codes; the web shows each
 * next to its field.
 */

// ---- the catalogue ---------------------------------------------------------------------------

export const CATEGORY_NAME_MAX = 50;
export const ATTRIBUTE_NAME_MAX = 50;
export const ATTRIBUTE_UNIT_MAX = 20;
export const ATTRIBUTE_OPTION_MAX = 50;
export const ATTRIBUTE_OPTIONS_MAX = 100;

/** Validation codes of the catalogue's forms. */
export const CatalogueIssue = {
  NameRequired: ValidationCode.CatalogueNameRequired,
  DisplayNameRequired: ValidationCode.CatalogueDisplayNameRequired,
  /** A select or multi-select attribute lists what may be chosen. */
  OptionsRequired: ValidationCode.CatalogueOptionsRequired,
  OptionsDuplicate: ValidationCode.CatalogueOptionsDuplicate,
  OptionEmpty: ValidationCode.CatalogueOptionEmpty,
  /** Multi-select values are stored joined by commas, so an option cannot hold one. */
  OptionComma: ValidationCode.CatalogueOptionComma,
  /** The customer picks a size from a list: a size attribute is a select. */
  SizeMustBeSelect: ValidationCode.CatalogueSizeMustBeSelect,
  /** Sizes belong to one kind of gear (boot size, ski length), not to every category. */
  SizeNeedsCategory: ValidationCode.CatalogueSizeNeedsCategory,
  /** The new order of categories names each category once, and all of them. */
  OrderIncomplete: ValidationCode.CatalogueOrderIncomplete,
} as const;

/** Error codes of the catalogue's refusals. */
export const CatalogueErrorCode = {
  AttributeNotFound: 'Catalogue:AttributeNotFound',
  /** Another category (or attribute in the same scope) has that name: `data.field` names it. */
  NameTaken: 'Catalogue:NameTaken',
  /** Items (or order lines, or rental packs) use the category: `data` holds the counts. */
  CategoryInUse: 'Catalogue:CategoryInUse',
  /** Items have a value for the attribute: `data.count`. */
  AttributeInUse: 'Catalogue:AttributeInUse',
  /** The kind cannot change once items have values: `data.count`. */
  KindLocked: 'Catalogue:KindLocked',
  /** An option items use cannot be removed: `data.option`, `data.count`. */
  OptionInUse: 'Catalogue:OptionInUse',
  /** The categories changed since the list was read. */
  OrderOutdated: 'Catalogue:OrderOutdated',
} as const;

/**
 * Which of an entry's texts have no English yet (their field names, e.g. 'nameEn'): English
 * readers see the Chinese there until someone writes it.
 */
export const MissingEnglishSchema = z.array(z.string());

/** Numbers and letter sizes (160, 26.5, M) read the same in English: only words need one. */
export const needsEnglish = (text: string) => /[^\d\s.,/+\-A-Za-z]/.test(text);

export const CatalogueCategorySchema = CategorySchema.extend({
  /** `name` is the Chinese value; this the English one ('' until translated). */
  nameEn: z.string(),
  missingEnglish: MissingEnglishSchema,
  /** Attributes of this category (those of every category not counted). */
  attributeCount: z.number().int(),
  lastModificationTime: z.string(),
});
export type CatalogueCategory = z.infer<typeof CatalogueCategorySchema>;

export const CategoryInputSchema = z.object({
  name: singleLineText({ max: CATEGORY_NAME_MAX, required: CatalogueIssue.NameRequired }),
  /** Optional: English readers see the Chinese name while it is empty. */
  nameEn: singleLineText({ max: CATEGORY_NAME_MAX }).default(''),
  sizeKind: z.enum([EquipmentSizeKind.LargeEquipment, EquipmentSizeKind.SmallEquipment]),
  dinAdjustable: z.boolean().default(false),
});
export type CategoryInput = z.input<typeof CategoryInputSchema>;

export const CategoryOrderSchema = z.object({
  /** Every category id, in the new order. */
  ids: z.array(z.uuid()).min(1).max(500),
});
export type CategoryOrder = z.infer<typeof CategoryOrderSchema>;

export const CatalogueAttributeSchema = AttributeDefinitionSchema.extend({
  /** `displayName` and `options` are the Chinese values; these the English ones. */
  displayNameEn: z.string(),
  /** By position with `options`; '' (or none) where not translated. */
  optionsEn: z.array(z.string()),
  missingEnglish: MissingEnglishSchema,
  /** How many items have a value for it. */
  valueCount: z.number().int(),
});
export type CatalogueAttribute = z.infer<typeof CatalogueAttributeSchema>;

export const CatalogueAttributeQuerySchema = z.object({
  /** A category's attributes and those of every category; without it, only the latter. */
  categoryId: z.uuid().optional(),
});

const option = singleLineText({
  max: ATTRIBUTE_OPTION_MAX,
  required: CatalogueIssue.OptionEmpty,
}).refine((v) => !v.includes(','), CatalogueIssue.OptionComma);

const attributeFields = {
  /** A short key (a column in exports, a filter's name); the display name when left empty. */
  name: singleLineText({ max: ATTRIBUTE_NAME_MAX }).default(''),
  displayName: singleLineText({
    max: ATTRIBUTE_NAME_MAX,
    required: CatalogueIssue.DisplayNameRequired,
  }),
  kind: z.enum(ATTRIBUTE_KINDS),
  /** Optional: English readers see the Chinese display name while it is empty. */
  displayNameEn: singleLineText({ max: ATTRIBUTE_NAME_MAX }).default(''),
  /** The choices of a select or multi-select; ignored for other kinds. */
  options: z.array(option).max(ATTRIBUTE_OPTIONS_MAX).default([]),
  /**
   * Each option in English, by position (items keep the Chinese option as their value; this is
   * only what English readers see). '' where not translated.
   */
  optionsEn: z
    .array(singleLineText({ max: ATTRIBUTE_OPTION_MAX }))
    .max(ATTRIBUTE_OPTIONS_MAX)
    .default([]),
  unit: singleLineText({ max: ATTRIBUTE_UNIT_MAX }).default(''),
  isRequired: z.boolean().default(false),
  isFilterable: z.boolean().default(false),
  isSize: z.boolean().default(false),
  isEnabled: z.boolean().default(true),
};

export const isChoiceKind = (kind: AttributeKind) =>
  kind === AttributeKind.Select || kind === AttributeKind.MultiSelect;

/** The rules that tie an attribute's fields together, each reported at its field. */
function attributeRules(
  value: { kind: AttributeKind; options: string[]; isSize: boolean; categoryId?: string | null },
  ctx: z.RefinementCtx,
) {
  if (isChoiceKind(value.kind)) {
    if (value.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: CatalogueIssue.OptionsRequired });
    if (new Set(value.options).size !== value.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: CatalogueIssue.OptionsDuplicate });
  }
  if (value.isSize && value.kind !== AttributeKind.Select)
    ctx.addIssue({ code: 'custom', path: ['isSize'], message: CatalogueIssue.SizeMustBeSelect });
  if (value.isSize && value.categoryId === null)
    ctx.addIssue({ code: 'custom', path: ['isSize'], message: CatalogueIssue.SizeNeedsCategory });
}

export const AttributeCreateSchema = z
  .object({
    /** null: an attribute of every category. */
    categoryId: z.uuid().nullable(),
    ...attributeFields,
  })
  .superRefine(attributeRules);
export type AttributeCreate = z.input<typeof AttributeCreateSchema>;

/** The category an attribute belongs to stays: make a new attribute for another. */
export const AttributeUpdateSchema = z.object(attributeFields).superRefine(attributeRules);
export type AttributeUpdate = z.input<typeof AttributeUpdateSchema>;

// ---- help articles ---------------------------------------------------------------------------

export const HELP_TITLE_MAX = 100;
export const HELP_SUMMARY_MAX = 300;
export const HELP_BODY_MAX = 20_000;
export const HELP_TAGS_MAX = 10;
export const HELP_TAG_MAX = 20;
/** Lowercase letters, digits and hyphens, 3 to 60 characters: the article's name in both languages. */
export const HELP_SLUG_PATTERN = /^[a-z0-9-]{3,60}$/;

export const HelpAdminIssue = {
  TitleRequired: ValidationCode.HelpTitleRequired,
  BodyRequired: ValidationCode.HelpBodyRequired,
  InvalidSlug: ValidationCode.HelpInvalidSlug,
  TagEmpty: ValidationCode.HelpTagEmpty,
  TagsDuplicate: ValidationCode.HelpTagsDuplicate,
} as const;

export const HelpAdminErrorCode = {
  /** Another article in that language has the slug: `data.field` is 'slug'. */
  SlugTaken: 'Help:SlugTaken',
} as const;

export const HelpArticleInputSchema = z.object({
  slug: z.string().trim().regex(HELP_SLUG_PATTERN, HelpAdminIssue.InvalidSlug),
  audience: z.enum(HELP_AUDIENCES),
  language: z.enum(SUPPORTED_LANGUAGES),
  title: singleLineText({ max: HELP_TITLE_MAX, required: HelpAdminIssue.TitleRequired }),
  summary: singleLineText({ max: HELP_SUMMARY_MAX }).default(''),
  /** Markdown; readers see it without any raw HTML it may hold. */
  body: multiLineText({ max: HELP_BODY_MAX, required: HelpAdminIssue.BodyRequired }),
  tags: z
    .array(singleLineText({ max: HELP_TAG_MAX, required: HelpAdminIssue.TagEmpty }))
    .max(HELP_TAGS_MAX)
    .refine((tags) => new Set(tags).size === tags.length, HelpAdminIssue.TagsDuplicate)
    .default([]),
  /** Smaller first within the audience. */
  sortOrder: z.number().int().min(0).max(9999).default(0),
});
export type HelpArticleInput = z.input<typeof HelpArticleInputSchema>;

/** The same article in the other language (the same slug), if it has been written. */
export const HelpTranslationSchema = z.object({
  id: z.string(),
  language: z.enum(SUPPORTED_LANGUAGES),
  title: z.string(),
  isPublished: z.boolean(),
});

export const HelpAdminArticleSummarySchema = HelpArticleSummarySchema.extend({
  slug: z.string(),
  isPublished: z.boolean(),
  translation: HelpTranslationSchema.nullable(),
});
export type HelpAdminArticleSummary = z.infer<typeof HelpAdminArticleSummarySchema>;

export const HelpAdminArticleSchema = HelpArticleSchema.extend({
  slug: z.string(),
  isPublished: z.boolean(),
  translation: HelpTranslationSchema.nullable(),
  helpfulCount: z.number().int(),
  notHelpfulCount: z.number().int(),
  creationTime: z.string(),
});
export type HelpAdminArticle = z.infer<typeof HelpAdminArticleSchema>;

export const HelpAdminListQuerySchema = PagedRequestSchema.extend({
  audience: z.enum(HELP_AUDIENCES).optional(),
  language: z.enum(SUPPORTED_LANGUAGES).optional(),
  isPublished: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type HelpAdminListQuery = z.infer<typeof HelpAdminListQuerySchema>;
