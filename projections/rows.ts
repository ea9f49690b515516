// The rows of the read tables as the drivers return them (timestamps as Date or text, jsonb parsed).
// Only the mappers in queries.ts read them; everything above sees the domain types.
import type { AdvanceFormData, ContactStatus, FeedFormat, FeedRunSummary, NewsCategory, UserRole } from '../domain';

type Timestamp = string | Date;

export type UserRow = { id: string; username: string; password_hash: string; role: UserRole; disabled: boolean; created_at: Timestamp };
export type ServiceRow = { id: string; title: string; description: string; icon: string; category: string; features: string[]; order: string };
export type FeedSourceRow = {
  id: string; name: string; url: string; format: FeedFormat; enabled: boolean; default_category: NewsCategory; auto_publish: boolean;
  schedule_interval_hours: number; include_keywords: string[]; exclude_keywords: string[];
  last_fetched_at: Timestamp | null; created_at: Timestamp; last_run: FeedRunSummary | null;
};
export type NewsRow = {
  id: string; title: string; slug: string; excerpt: string; content: string; image: string | null; category: NewsCategory; author: string;
  published_at: Timestamp; source_id: string | null; source_url: string | null; guid_hash: string | null; is_imported: boolean; review_required: boolean;
};
export type ContactRow = { id: string; name: string; email: string; phone: string | null; message: string; status: ContactStatus; created_at: Timestamp };
export type AdvanceFormRow = { id: string; data: AdvanceFormData; submitted_by: string | null; created_at: Timestamp; updated_at: Timestamp };
export type CountRow = { total: number | string };
