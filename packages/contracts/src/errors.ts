import { z } from 'zod';

/** The ABP error envelope (ARCHITECTURE.md §3, WIRE-FACTS.md §1). */
export const ValidationErrorInfoSchema = z.object({
  message: z.string(),
  members: z.array(z.string()),
});

export const ErrorInfoSchema = z.object({
  code: z.string().nullable().optional(),
  message: z.string(),
  details: z.string().nullable().optional(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  validationErrors: z.array(ValidationErrorInfoSchema).nullable().optional(),
  requestId: z.string().optional(),
});

export const ErrorResponseSchema = z.object({ error: ErrorInfoSchema });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;
