import type { FieldError } from '@tradepost/shared/schemas/common.ts';

/** Typed errors with a stable code; one handler in app.ts maps them to the error envelope. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: FieldError[] | undefined;

  constructor(statusCode: number, code: string, message: string, details?: FieldError[]) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found', code = 'NOT_FOUND') {
    super(404, code, message);
  }
}

export class Invalid extends AppError {
  constructor(message: string, details?: FieldError[], code = 'VALIDATION_FAILED') {
    super(400, code, message, details);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Not signed in', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to access this resource', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, code = 'CONFLICT', details?: FieldError[]) {
    super(409, code, message, details);
  }
}

export class TooManyRequests extends AppError {
  constructor(message: string, code = 'RATE_LIMITED') {
    super(429, code, message);
  }
}
