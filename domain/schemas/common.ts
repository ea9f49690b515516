// Building blocks shared by the payload schemas: trimmed texts with Spanish messages. The advance
// form's English page builds the same schema with English messages (domain/schemas/advance-form.ts),
// so the blocks it uses take their messages as an optional argument.
import { z } from 'zod';

/** The messages of the shared blocks; Spanish unless a caller gives others. */
export type CommonMessages = {
  tooLong: (max: number) => string;
  yesNo: string;
  negative: string;
  tooLarge: string;
};

export const commonMessages: CommonMessages = {
  tooLong: (max) => `Máximo ${max} caracteres`,
  yesNo: 'Valor inválido (sí o no)',
  negative: 'Debe ser un número mayor o igual a 0',
  tooLarge: 'Número demasiado grande',
};

/** A required text: trimmed, at least one character, at most `max`. */
export const requiredText = (message: string, max = 500, messages: CommonMessages = commonMessages) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: messages.tooLong(max) });

/** An optional text: empty or missing becomes null. */
export const optionalText = (max = 2000, messages: CommonMessages = commonMessages) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .max(max, { error: messages.tooLong(max) })
      .nullish()
      .transform((v) => v ?? null),
  );

/** A yes/no switch; missing is false. */
export const yesNo = (messages: CommonMessages = commonMessages) => z.boolean({ error: messages.yesNo }).default(false);

/** A whole number from a number input: invalid or empty values become 0, as the form does. */
export const wholeNumber = (messages: CommonMessages = commonMessages) =>
  z.preprocess(
    (value) => {
      if (value === '' || value === null || value === undefined) return 0;
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? Math.trunc(n) : 0;
    },
    z.number().int().min(0, { error: messages.negative }).max(1_000_000, { error: messages.tooLarge }),
  );

export const httpUrl = (message = 'Ingrese una URL válida (http o https)') =>
  z
    .string({ error: message })
    .trim()
    .max(2000, { error: 'La URL es demasiado larga' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: message },
    );

/** Turns a zod error into `{ field: message }`, the first message of each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * A PATCH body: the create schema with every field optional, keeping only the fields sent, so the
 * create defaults (enabled, interval, order, ...) never overwrite what a partial update left out.
 */
export function patchOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const partial = schema.partial();
  return z.unknown().transform((input, ctx): z.infer<typeof partial> => {
    const result = partial.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ ...issue } as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    const sent = new Set(input && typeof input === 'object' ? Object.keys(input) : []);
    return Object.fromEntries(Object.entries(result.data as object).filter(([key]) => sent.has(key))) as z.infer<typeof partial>;
  });
}
