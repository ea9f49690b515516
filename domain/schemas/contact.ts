import { z } from 'zod';
import { contactStatuses, type ContactStatus } from '../enums';
import { siteLanguageField, type SiteLanguage } from '../languages';
import { optionalText, requiredText } from './common';
import type { NoticeState } from '../notice';

export const contactMessageInput = z.object({
  name: requiredText('El nombre es requerido', 200),
  email: z
    .string({ error: 'El correo electrónico es requerido' })
    .trim()
    .min(1, { error: 'El correo electrónico es requerido' })
    .pipe(z.email({ error: 'Ingrese un correo electrónico válido' })),
  phone: optionalText(50),
  message: requiredText('El mensaje es requerido', 5000),
  /** Honeypot: people leave it empty; bots fill it. */
  website: z.string().max(500).optional(),
  /** The edition of the site it was sent from. */
  language: siteLanguageField,
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;
export type ContactFormValues = z.input<typeof contactMessageInput>;

export const contactStatusChange = z.object({
  status: z.enum(contactStatuses, { error: 'Estado inválido (unread, read o resolved)' }),
});

export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: ContactStatus;
  language: SiteLanguage;
  createdAt: string;
  /** Staff's internal notes, oldest first; never shown to the sender. */
  notes: ContactNote[];
  /** From the log: time from reception to the first read and to resolved (null until it happens). */
  readAfterMs: number | null;
  resolvedAfterMs: number | null;
  /** The staff e-mail notice about this message (list and detail answers; null when mail is off). */
  notice?: NoticeState | null;
};

export type ContactNote = { text: string; at: string; author: string | null };
