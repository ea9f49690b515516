// Every failure becomes JSON `{ message, errors? }` with its status and a Spanish message; never a stack trace.
import type { Middleware } from 'koa';
import { z } from 'zod';
import { DomainError, fieldErrors } from '../../domain';

export const errorHandler: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = { message: 'Ruta no encontrada' };
    }
  } catch (error: any) {
    if (error instanceof DomainError) {
      ctx.status = error.status;
      ctx.body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    } else if (error instanceof z.ZodError) {
      ctx.status = 400;
      ctx.body = { message: 'Datos inválidos', errors: fieldErrors(error) };
    } else if (error?.status === 413 || error?.type === 'entity.too.large') {
      ctx.status = 413;
      ctx.body = { message: 'La solicitud es demasiado grande' };
    } else if (error?.status === 400 || error?.type === 'entity.parse.failed') {
      ctx.status = 400;
      ctx.body = { message: 'El cuerpo de la solicitud no es JSON válido' };
    } else if (error?.status === 415) {
      ctx.status = 415;
      ctx.body = { message: 'Tipo de contenido no admitido' };
    } else {
      ctx.status = 500;
      ctx.body = { message: 'Error interno del servidor. Intente de nuevo más tarde.' };
      console.error(`[${ctx.state.requestId ?? '-'}] ${ctx.method} ${ctx.path}`, error);
    }
  }
};
