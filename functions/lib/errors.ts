/**
 * Typed HTTP errors. Handlers and libraries throw these; the error middleware in http.ts is the one place
 * that turns them into responses. `expose` says whether the message may be shown to the caller.
 */
export class HttpError extends Error {
  readonly statusCode: number
  readonly expose: boolean
  readonly fields: Record<string, string> | undefined
  readonly headers: Record<string, string>

  constructor(
    statusCode: number,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    this.name = new.target.name
    this.statusCode = statusCode
    this.expose = statusCode < 500
    this.fields = options.fields
    this.headers = options.headers ?? {}
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, message, fields ? { fields } : {})
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in to continue.') {
    super(401, message, { headers: { 'www-authenticate': 'Bearer' } })
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden.') {
    super(403, message)
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found.') {
    super(404, message)
  }
}

export class ConflictError extends HttpError {
  /** The default: a write whose new id clashed with a stored item; sending again gets a new id. */
  constructor(message = 'This could not be saved just now. Please send it again.') {
    super(409, message)
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(limitBytes: number) {
    super(413, `The request body is larger than ${limitBytes} bytes.`)
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(expected: string) {
    super(415, `Send the body as ${expected}.`)
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(429, message, retryAfterSeconds ? { headers: { 'retry-after': String(retryAfterSeconds) } } : {})
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(
    message = 'The service is busy. Please try again in a moment.',
    options: { cause?: unknown } = {},
  ) {
    super(503, message, { headers: { 'retry-after': '1' }, ...options })
  }
}
