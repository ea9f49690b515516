// Errors a command or a query raises; the API turns each into its status and a Spanish message.
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends DomainError {
  constructor(message: string, errors?: Record<string, string>) {
    super(400, message, errors);
  }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Debe iniciar sesión') {
    super(401, message);
  }
}
export class Forbidden extends DomainError {
  constructor(message = 'No tiene permiso para esta acción') {
    super(403, message);
  }
}
export class NotFound extends DomainError {
  constructor(message = 'No encontrado') {
    super(404, message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string, errors?: Record<string, string>) {
    super(409, message, errors);
  }
}
export class PayloadTooLarge extends DomainError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaType extends DomainError {
  constructor(message: string) {
    super(415, message);
  }
}
/** The right kind of content that cannot be used as it is (an image of a format we take, damaged). */
export class UnprocessableEntity extends DomainError {
  constructor(message: string) {
    super(422, message);
  }
}
export class TooManyRequests extends DomainError {
  constructor(message = 'Demasiadas solicitudes. Intente de nuevo en un momento.') {
    super(429, message);
  }
}
export class ServiceUnavailable extends DomainError {
  constructor(message: string) {
    super(503, message);
  }
}
