import { z } from 'zod';
import { HELP_AUDIENCES, SUPPORTED_LANGUAGES } from './enums.js';
import { PagedRequestSchema } from './paging.js';

export const HelpArticleSummarySchema = z.object({
  id: z.string(),
  audience: z.enum(HELP_AUDIENCES),
  language: z.enum(SUPPORTED_LANGUAGES),
  title: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  sortOrder: z.number().int(),
  lastModificationTime: z.string(),
});
export type HelpArticleSummary = z.infer<typeof HelpArticleSummarySchema>;

export const HelpArticleSchema = HelpArticleSummarySchema.extend({
  /** Markdown. Clients must render it without executing any HTML it may contain. */
  body: z.string(),
});
export type HelpArticle = z.infer<typeof HelpArticleSchema>;

export const HelpArticleListQuerySchema = PagedRequestSchema.extend({
  audience: z.enum(HELP_AUDIENCES).optional(),
  language: z.enum(SUPPORTED_LANGUAGES).optional(),
});
export type HelpArticleListQuery = z.infer<typeof HelpArticleListQuerySchema>;

export const HelpArticleSearchQuerySchema = PagedRequestSchema.extend({
  keyword: z.string().trim().min(1).max(100),
  audience: z.enum(HELP_AUDIENCES).optional(),
  language: z.enum(SUPPORTED_LANGUAGES).optional(),
});
export type HelpArticleSearchQuery = z.infer<typeof HelpArticleSearchQuerySchema>;

export const HelpArticleFeedbackSchema = z.object({ helpful: z.boolean() });
export type HelpArticleFeedback = z.infer<typeof HelpArticleFeedbackSchema>;

export const HelpArticleFeedbackResultSchema = z.object({
  helpfulCount: z.number().int(),
  notHelpfulCount: z.number().int(),
});
export type HelpArticleFeedbackResult = z.infer<typeof HelpArticleFeedbackResultSchema>;
