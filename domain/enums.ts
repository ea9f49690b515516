// Enumerations of the product and their Spanish labels: the one place they are written, but for the
// news categories (news-categories.ts), which the public news list reads without the others.

/** Where an article stands: only 'published' ones are shown to visitors (docs/rules.md, 'News statuses'). */
export const newsStatuses = ['draft', 'scheduled', 'published'] as const;
export type NewsStatus = (typeof newsStatuses)[number];
export const newsStatusLabel: Record<NewsStatus, string> = { draft: 'Borrador', scheduled: 'Programada', published: 'Publicada' };

export const eventNatures = ['Cena privada', 'Reunión de negocios', 'Acto público', 'Conferencia', 'Otro'] as const;
export type EventNature = (typeof eventNatures)[number];

export const firstAidKitLevels = ['Básico', 'Intermedio', 'Avanzado'] as const;
export type FirstAidKitLevel = (typeof firstAidKitLevels)[number];

export const guardsArmedOptions = ['Sí', 'No', 'Algunos'] as const;
export type GuardsArmed = (typeof guardsArmedOptions)[number];

export const contactStatuses = ['unread', 'read', 'resolved'] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const contactStatusLabel: Record<ContactStatus, string> = {
  unread: 'Sin leer',
  read: 'Leído',
  resolved: 'Resuelto',
};

/** unread -> read; unread or read -> resolved. Nothing else. */
export function canChangeStatus(from: ContactStatus, to: ContactStatus): boolean {
  if (to === 'read') return from === 'unread';
  if (to === 'resolved') return from === 'unread' || from === 'read';
  return false;
}

export const userRoles = ['admin', 'colaborador'] as const;
export type UserRole = (typeof userRoles)[number];
export const userRoleLabel: Record<UserRole, string> = { admin: 'Administrador', colaborador: 'Colaborador' };

export const feedFormats = ['rss', 'atom', 'rdf', 'json'] as const;
export type FeedFormat = (typeof feedFormats)[number];

export const serviceIconNames = ['Shield', 'Lock', 'Eye', 'Search', 'Wifi', 'Camera', 'Mic', 'Car', 'Home', 'Building2', 'Radar', 'ShieldCheck'] as const;
