import { z } from 'zod';
import { patchOf, requiredText } from './common';

/**
 * Features arrive as a list, or through the API as comma-separated text: split and trimmed. (Feed
 * keywords use the same rule.) The staff dialog writes one feature per line and sends a list, so a
 * feature may hold commas (serviceForm).
 */
export function splitFeatures(value: unknown): unknown {
  if (typeof value === 'string')
    return value
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
  if (Array.isArray(value)) return value.map((f) => (typeof f === 'string' ? f.trim() : f)).filter((f) => f !== '');
  return value;
}

/** The dialog's text, one feature per line: trimmed, blank lines dropped; a list passes as it is. */
export function featureLines(value: unknown): unknown {
  if (typeof value !== 'string') return splitFeatures(value);
  return value
    .split(/\r\n|\r|\n/)
    .map((f) => f.trim())
    .filter(Boolean);
}

const maxFeatures = 30;
const maxFeatureLength = 300;
// Checked on the whole list, so the message lands on the field ('features'), not on one item of it.
const featureList = z
  .array(z.string({ error: 'Cada característica debe ser un texto' }), { error: 'Las características deben ser una lista' })
  .max(maxFeatures, { error: `Como máximo ${maxFeatures} características` })
  .refine((features) => features.every((f) => f.length <= maxFeatureLength), {
    error: `Cada característica admite como máximo ${maxFeatureLength} caracteres`,
  });

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
  features: z.preprocess(splitFeatures, featureList).default([]),
  // Stored as text, but a position in a list: a whole number people can type.
  order: z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText('El orden es requerido', 10))
    .refine((v) => /^\d{1,6}$/.test(v), { error: 'El orden debe ser un número entero entre 0 y 999999' })
    .default('1'),
});
export type ServiceInput = z.infer<typeof serviceInput>;
export const servicePatch = patchOf(serviceInput);

/** The staff dialog's form: the same service, its features typed one per line. */
export const serviceForm = serviceInput.extend({ features: z.preprocess(featureLines, featureList).default([]) });

export type Service = ServiceInput & { id: string };
