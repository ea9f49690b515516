// Records for the admin tests and screenshots, made through the API as the signed-in admin.
import type { APIRequestContext } from '@playwright/test';
import { advanceForm } from '../../tests/helpers/forms';

type Api = Pick<APIRequestContext, 'post'>;

async function created<T>(api: Api, url: string, data: unknown): Promise<T> {
  const response = await api.post(url, { data });
  if (response.status() !== 201) throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export type Created = { id: string };

export const createService = (api: Api, title: string) =>
  created<Created & { title: string }>(api, '/api/services', {
    title,
    description: 'Detección profesional de micrófonos y cámaras ocultas en oficinas.',
    icon: 'Shield',
    category: 'Barridos',
    features: ['Equipo de última generación', 'Informe confidencial'],
    order: '1',
  });

export const createArticle = (api: Api, title: string, extra: Record<string, unknown> = {}) =>
  created<Created & { title: string; slug: string }>(api, '/api/news', {
    title,
    slug: title
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    excerpt: 'Un resumen breve de la noticia para la lista.',
    content: '<p>Contenido de la noticia con <strong>HTML</strong>.</p>',
    category: 'Ciberseguridad',
    author: 'Equipo de Seguridad',
    ...extra,
  });

export const createFeedSource = (api: Api, name: string, url: string, extra: Record<string, unknown> = {}) =>
  created<Created & { name: string }>(api, '/api/rss/sources', { name, url, defaultCategory: 'Tecnología', scheduleIntervalHours: 12, ...extra });

export const sendContactMessage = (api: Api, name: string, extra: Record<string, unknown> = {}) =>
  created<Created & { name: string }>(api, '/api/contact', {
    name,
    email: 'cliente@example.com',
    phone: '+506 8888 0000',
    message: 'Quisiera una cotización para un barrido electrónico en nuestra oficina.',
    ...extra,
  });

export const createAdvanceForm = (api: Api, hostName: string, extra: Record<string, unknown> = {}) =>
  created<Created & { hostName: string }>(
    api,
    '/api/advance-forms',
    advanceForm({
      hostName,
      hostPosition: 'Gerente General',
      eventDate: '2026-12-15',
      eventTime: '19:00',
      address: 'San José, Escazú, Hotel Central',
      eventNature: 'Cena privada',
      estimatedAttendees: 40,
      vipStayDuration: '3 horas',
      mainVehicleRoute: 'Autopista Próspero Fernández',
      internalTransitRoutes: 'Pasillo principal hacia el salón',
      emergencyExits: 'Dos salidas al estacionamiento',
      emergencyContact: 'Seguridad del hotel, 2222-0000',
      ...extra,
    }),
  );

export const createUser = (api: Api, username: string, password: string, role: 'admin' | 'colaborador') =>
  created<Created & { username: string }>(api, '/api/users', { username, password, role });
