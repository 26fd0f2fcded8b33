import { ErrorCode } from '@snowgear/contracts';

/**
 * An error the caller caused or may act on. Carries the HTTP status and the ABP error fields;
 * the error handler turns it into the `{ error }` envelope. Anything else becomes a 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: string,
    readonly data?: Record<string, unknown>,
    /** The fields the refusal is about, so a form shows it next to them. */
    readonly validationErrors?: { message: string; members: string[] }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A refusal about one field of the input (a name already in use): shown next to that field. */
export const fieldError = (statusCode: number, code: string, message: string, member: string) =>
  new AppError(statusCode, code, message, undefined, { field: member }, [
    { message, members: [member] },
  ]);

export const notFound = (code: string, message: string) => new AppError(404, code, message);

/**
 * The caller may not do this (another store's gear or orders, a role they cannot give, a disabled
 * account, a refused sign-in): 403 with a code, as ABP does for its user-friendly refusals. A
 * business rule that conflicts with the state of things is `conflictError` (409), and input that
 * does not fit the thing it names is `unprocessable` (422), so clients can tell them apart.
 */
export const businessError = (code: string, message: string, data?: Record<string, unknown>) =>
  new AppError(403, code, message, undefined, data);

/** A business rule conflicts with the state of things: 409 with a code (not a permission). */
export const conflictError = (code: string, message: string, data?: Record<string, unknown>) =>
  new AppError(409, code, message, undefined, data);

/** Well-formed input that does not fit what it names (an item that is not this order's): 422. */
export const unprocessable = (code: string, message: string, data?: Record<string, unknown>) =>
  new AppError(422, code, message, undefined, data);

export const badRequest = (message: string, code: string = ErrorCode.Validation) =>
  new AppError(400, code, message);

/**
 * A 400 shaped like a failed schema validation, for checks made outside the route schemas: the
 * error handler lists each issue next to its field (`path`), in `context` ('body', 'querystring' …).
 */
/** The keyword of a problem a service found and worded itself (not a validator's). */
export const SERVICE_WORDED = 'serviceWorded';

export function validationError(
  context: string,
  issues: { path: (string | number)[]; message: string }[],
) {
  return Object.assign(new Error('request validation failed'), {
    statusCode: 400,
    validationContext: context,
    validation: issues.map((issue) => ({
      // Worded by the service in the caller's language already (lib/validation-texts.ts).
      keyword: SERVICE_WORDED,
      schemaPath: '',
      params: {},
      instancePath: issue.path.map((p) => `/${p}`).join(''),
      message: issue.message,
    })),
  });
}
