import { z } from 'zod';
import { PasswordSchema } from './auth.js';
import { MobileNumberSchema } from './phone.js';
import { singleLineText } from './text-schemas.js';
import { RoleName } from './enums.js';
import { PagedRequestSchema } from './paging.js';
import { ValidationCode } from './validation-codes.js';

const ROLE_NAMES = Object.values(RoleName) as [RoleName, ...RoleName[]];

export const EmployeeSchema = z.object({
  id: z.string(),
  userName: z.string(),
  name: z.string(),
  realName: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  roleDisplayNames: z.array(z.string()),
  primaryStoreId: z.string().nullable(),
  storeName: z.string().nullable(),
  isActive: z.boolean(),
  userType: z.number().int(),
  creationTime: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type Employee = z.infer<typeof EmployeeSchema>;

export const EmployeeListQuerySchema = PagedRequestSchema.extend({
  keyword: z.string().trim().max(64).optional(),
  storeId: z.uuid().optional(),
  isActive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type EmployeeListQuery = z.infer<typeof EmployeeListQuerySchema>;

/** Empty means none (null); anything else must pass `schema`, whose own reason is given. */
const optionalText = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .nullable()
    .optional()
    .transform((v) => v?.trim() || null)
    .pipe(schema.nullable());

const EmployeeFieldsSchema = z.object({
  name: singleLineText({ max: 64, required: ValidationCode.NameRequired }),
  /** Mainland or international: the staff second factor is texted to it either way. */
  phoneNumber: optionalText(MobileNumberSchema),
  email: optionalText(z.string().trim().email(ValidationCode.InvalidEmail).max(256)),
  /** A role named twice is held once. */
  roles: z
    .array(z.enum(ROLE_NAMES))
    .min(1, ValidationCode.RolesRequired)
    .max(ROLE_NAMES.length * 2)
    .transform((roles) => [...new Set(roles)]),
  primaryStoreId: z.uuid().nullable(),
});

export const CreateEmployeeSchema = EmployeeFieldsSchema.extend({
  userName: z
    .string()
    .trim()
    .min(2, ValidationCode.InvalidUserName)
    .max(64, ValidationCode.InvalidUserName)
    .regex(/^[A-Za-z0-9._@-]+$/, ValidationCode.InvalidUserName),
  password: PasswordSchema,
});
export type CreateEmployee = z.infer<typeof CreateEmployeeSchema>;

export const UpdateEmployeeSchema = EmployeeFieldsSchema;
export type UpdateEmployee = z.infer<typeof UpdateEmployeeSchema>;

export const ResetPasswordSchema = z.object({ newPassword: PasswordSchema });

export const AssignableRolesSchema = z.object({
  roles: z.array(z.object({ name: z.string(), displayName: z.string() })),
  /** null: any store; otherwise the only store the caller may assign. */
  storeId: z.string().nullable(),
});
export type AssignableRoles = z.infer<typeof AssignableRolesSchema>;
