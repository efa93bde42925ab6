import type { TErrorCode } from '@hirecast/domain/errors';

export const STATUS_BY_CODE: Record<TErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  MAIL_FAILED: 502,
};

// The one error type the services throw; the error handler turns it into { error: { code, message, fields } }.
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly fields?: Record<string, string>;
  constructor(code: TErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }
}
