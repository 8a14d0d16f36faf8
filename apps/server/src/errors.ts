import { messages } from "@atrium/domain";

// Typed errors thrown by services and mapped to HTTP answers in one place
// (http/error-handler.ts). Services never touch reply objects; they throw these.

export interface FieldProblem {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly fields?: FieldProblem[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, fields?: FieldProblem[]) {
    super(400, "Bad Request", message, fields);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = messages.errors.notSignedIn) {
    super(401, "Unauthorized", message);
  }
}

/** Not enough credits for what was asked: nothing was changed. */
export class PaymentRequiredError extends AppError {
  constructor(
    message: string,
    /** How many credits the wallet lacks, when the answer is about credits. */
    readonly creditsMissing?: number,
  ) {
    super(402, "Payment Required", message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = messages.errors.notAuthorized) {
    super(403, "Forbidden", message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = messages.errors.notFound) {
    super(404, "Not Found", message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, "Conflict", message);
  }
}

/** Something that existed and is no longer usable (a used or expired invitation). */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, "Gone", message);
  }
}

/** An upstream service (the payment provider) failed; its own message says how. */
export class BadGatewayError extends AppError {
  constructor(message: string) {
    super(502, "Bad Gateway", message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, "Payload Too Large", message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, "Unsupported Media Type", message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, "Too Many Requests", message);
  }
}
