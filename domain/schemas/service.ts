import { z } from 'zod';
import { patchOf, requiredText } from './common';

/** Features arrive as a list or as the form's comma-separated text: split and trimmed. */
export function splitFeatures(value: unknown): unknown {
  if (typeof value === 'string')
    return value
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
  if (Array.isArray(value)) return value.map((f) => (typeof f === 'string' ? f.trim() : f)).filter((f) => f !== '');
  return value;
}

export const serviceInput = z.object({
  title: requiredText('El título es requerido', 200),
  description: requiredText('La descripción es requerida', 2000),
  icon: z
    .string()
    .trim()
    .max(50)
    .default('Shield')
    .transform((v) => v || 'Shield'),
  category: requiredText('La categoría es requerida', 100),
  features: z.preprocess(splitFeatures, z.array(z.string().max(300), { error: 'Las características deben ser una lista' }).max(30)).default([]),
  // Stored as text, but a position in a list: a whole number people can type.
  order: z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText('El orden es requerido', 10))
    .refine((v) => /^\d{1,6}$/.test(v), { error: 'El orden debe ser un número entero entre 0 y 999999' })
    .default('1'),
});
export type ServiceInput = z.infer<typeof serviceInput>;
export const servicePatch = patchOf(serviceInput);

export type Service = ServiceInput & { id: string };
