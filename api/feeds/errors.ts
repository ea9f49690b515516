// The one error a feed import raises: a Spanish reason the RSS tab shows under 'Error al importar artículos'.
import { DomainError } from '../../domain/errors';

/** Why a feed could not be read; `kind` lets the importer and tests branch without parsing the text. */
export type FeedErrorKind =
  'invalid-url' | 'blocked-address' | 'unreachable' | 'http-status' | 'timeout' | 'too-large' | 'too-many-redirects' | 'not-a-feed' | 'no-feed-link';

/** 502: the source, not our client, failed (docs/rules.md, 'Feeds'). */
export class FeedError extends DomainError {
  constructor(
    readonly kind: FeedErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(502, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export const feedMessages = {
  invalidUrl: 'La dirección de la fuente no es una URL válida',
  onlyHttp: 'Solo se permiten URL http o https',
  blocked: 'Dirección no permitida: la fuente apunta a una red privada',
  unreachable: 'No se pudo conectar con la fuente',
  tooManyRedirects: 'Demasiadas redirecciones',
  notAFeed: 'El documento no es un feed válido (RSS, Atom, RDF o JSON Feed)',
  noFeedLink: 'La página no anuncia ningún feed RSS, Atom o JSON',
  timeout: (ms: number) => `La fuente tardó más de ${formatNumber(ms / 1000)} s en responder`,
  tooLarge: (bytes: number) => `La fuente supera el tamaño máximo de ${formatNumber(bytes / 1024 / 1024)} MB`,
  httpStatus: (status: number) => {
    const reason = statusReasons[status];
    return reason ? `La fuente respondió ${status} (${reason})` : `La fuente respondió ${status}`;
  },
} as const;

const statusReasons: Record<number, string> = {
  400: 'solicitud no válida',
  401: 'requiere autenticación',
  403: 'acceso denegado',
  404: 'no encontrada',
  410: 'ya no existe',
  429: 'demasiadas solicitudes',
  500: 'error interno del servidor',
  502: 'puerta de enlace no válida',
  503: 'servicio no disponible',
  504: 'la puerta de enlace no respondió a tiempo',
};

function formatNumber(value: number): string {
  return value.toLocaleString('es-CR', { maximumFractionDigits: 1 });
}
