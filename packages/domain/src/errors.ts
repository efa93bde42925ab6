// One list of error codes; the server maps each to an HTTP status, the web client narrows on them.
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  // A link whose time is over (an interview past its deadline, an expired review link).
  'GONE',
  // The request cannot be done as sent (an Idempotency-Key reused with another request).
  'UNPROCESSABLE',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  // The change was made but its email could not be delivered (the mail server failed).
  'MAIL_FAILED',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export type TErrorBody = {
  error: { code: TErrorCode; message: string; fields?: Record<string, string> };
};
