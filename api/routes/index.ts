// Every API router, in one list: app.ts mounts them in this order.
import type Router from '@koa/router';
import type { AppServices } from '../context';
import { advanceFormRoutes } from './advance-forms';
import { advanceFormPdfRoutes } from './advance-form-pdf';
import { objectRoutes } from './objects';
import { authRoutes } from './auth';
import { contactRoutes } from './contact';
import { feedSourceRoutes } from './feed-sources';
import { feedImportRoutes } from '../feed-import/route';
import { historyRoutes } from './history';
import { newsRoutes } from './news';
import { serviceRoutes } from './services';
import { userRoutes } from './users';
import { accountRoutes } from './account';
import { sessionRoutes } from './sessions';
import { passkeyRoutes } from './passkeys';
import { securitySettingsRoutes } from './security-settings';
import { summaryRoutes } from './summary';
import { mediaRoutes } from './media';

export const apiRouters: ((services: AppServices) => Router)[] = [
  authRoutes,
  accountRoutes,
  sessionRoutes,
  passkeyRoutes,
  securitySettingsRoutes,
  newsRoutes,
  serviceRoutes,
  feedSourceRoutes,
  feedImportRoutes,
  contactRoutes,
  advanceFormRoutes,
  advanceFormPdfRoutes,
  objectRoutes,
  userRoutes,
  historyRoutes,
  summaryRoutes,
  mediaRoutes,
];
