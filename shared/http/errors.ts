/**
 * One error type carries an HTTP status and a client-facing message. The error middleware turns it into
 * `{ message }` (plus `error` / `error_description` on the OAuth token endpoint), so the client's toast
 * rule ("message wins") works everywhere.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }

  toJSON(): Record<string, unknown> {
    return { message: this.message, ...(this.details ?? {}) };
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'Bad request', details?: Record<string, unknown>) {
    super(400, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'This record was changed by someone else') {
    super(409, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'Request body is too large') {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Unsupported content type') {
    super(415, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(429, message, details);
  }
}

/** OAuth 2.0 token endpoint error (RFC 6749 section 5.2): `{ error, error_description }`. */
export class OAuthError extends AppError {
  constructor(
    statusCode: number,
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'unsupported_grant_type'
      | 'slow_down',
    description: string,
  ) {
    super(statusCode, description);
  }

  override toJSON(): Record<string, unknown> {
    return { error: this.error, error_description: this.message };
  }
}
