// The contact inbox: its list filters, internal notes, and the ways to answer a sender.
import { z } from 'zod';
import { contactStatuses } from '../enums';
import { requiredText } from './common';

/** GET /api/contact/messages and its CSV export: `search` (accent-blind) and `status`, like the news list. */
export const contactListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(200, { error: 'La búsqueda admite hasta 200 caracteres' })
    .optional()
    .transform((v) => v || undefined),
  status: z
    .enum([...contactStatuses, 'all'], { error: 'Estado inválido (unread, read, resolved o all)' })
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

/** An internal note on a message: staff only, never sent to the sender. */
export const contactNoteInput = z.object({ text: requiredText('La nota no puede estar vacía', 2000) });

/** Response-time figures of the inbox, from the log: medians over the last 4 weeks, in milliseconds. */
export type InboxStats = { medianToReadMs: number | null; medianToResolvedMs: number | null; unreadOver24h: number; since: string };

/** Subject of a reply by e-mail. */
export const replySubject = (siteName: string) => `Respuesta a su mensaje - ${siteName}`;

/** The greeting a WhatsApp reply starts with. */
export const whatsappGreeting = (name: string, siteName: string) =>
  `Hola ${name.trim().split(/\s+/)[0]}, le saludamos de ${siteName} en respuesta a su mensaje.`;

/**
 * The digits wa.me needs: the number with its country code. A Costa Rican number written without it
 * (8 digits) gets 506; anything too short to be a phone answers null.
 */
export function whatsappNumber(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  if (digits.length === 8) return `506${digits}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}

/** The columns of the CSV export, in order. */
export const inboxExportHeader = [
  'Recibido',
  'Estado',
  'Nombre',
  'Correo electrónico',
  'Teléfono',
  'Mensaje',
  'Notas internas',
  'Horas hasta lectura',
  'Horas hasta resolución',
];

/** A duration as staff read it: '45 min', '3 h 20 min', '2 d 4 h'. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
