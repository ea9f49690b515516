// The dashboard's tabs, in order: Resumen, the required five (default Noticias), then the added ones
// (docs/rules.md, 'Screens'). To add a tab (e.g. 'Borradores'), append an entry here; nothing else changes.
import type { ComponentType } from 'react';
import { dashboardTexts } from '../texts';
import { NewsTab } from '../news/NewsTab';
import { ServicesTab } from '../services/ServicesTab';
import { AdvanceFormsTab } from '../avanzadas/AdvanceFormsTab';
import { ContactsTab } from '../contacts/ContactsTab';
import { FeedSourcesTab } from '../rss/FeedSourcesTab';
import { UsersTab } from '../users/UsersTab';
import { ActivityTab } from '../activity/ActivityTab';
import { DraftsTab } from '../drafts/DraftsTab';
import { draftsTexts } from '../drafts/texts';
import { SummaryTab } from '../summary/SummaryTab';
import { summaryTexts } from '../summary/texts';
import { MediaTab } from '../media/MediaTab';
import { mediaTexts } from '../media/texts';

type DashboardTab = {
  /** The value of ?tab= in the URL. */
  id: string;
  label: string;
  /** Shown to role admin only. */
  adminOnly?: boolean;
  Panel: ComponentType;
};

const dashboardTabs: DashboardTab[] = [
  // First in the row, though Noticias stays the tab that opens (docs/summary.md).
  { id: 'summary', label: summaryTexts.tab, Panel: SummaryTab },
  { id: 'news', label: dashboardTexts.tabs.news, Panel: NewsTab },
  { id: 'services', label: dashboardTexts.tabs.services, Panel: ServicesTab },
  { id: 'avanzadas', label: dashboardTexts.tabs.avanzadas, Panel: AdvanceFormsTab },
  { id: 'contacts', label: dashboardTexts.tabs.contacts, Panel: ContactsTab },
  { id: 'rss', label: dashboardTexts.tabs.rss, Panel: FeedSourcesTab },
  { id: 'users', label: dashboardTexts.tabs.users, adminOnly: true, Panel: UsersTab },
  { id: 'activity', label: dashboardTexts.tabs.activity, Panel: ActivityTab },
  { id: 'drafts', label: draftsTexts.tab, Panel: DraftsTab },
  // The news' images; Noticias links to it too (docs/media.md).
  { id: 'media', label: mediaTexts.tab, Panel: MediaTab },
];

export const defaultTabId = 'news';

export const tabsFor = (isAdmin: boolean) => dashboardTabs.filter((tab) => isAdmin || !tab.adminOnly);
