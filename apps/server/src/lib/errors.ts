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
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string) => new AppError(404, code, message);

/** A business rule refused the request: 403 with a code, as ABP does for business exceptions. */
export const businessError = (code: string, message: string, data?: Record<string, unknown>) =>
  new AppError(403, code, message, undefined, data);

export const badRequest = (message: string, code: string = ErrorCode.Validation) =>
  new AppError(400, code, message);
