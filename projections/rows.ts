// The rows of the read tables as the drivers return them (timestamps as Date or text, jsonb parsed).
// Only the mappers in queries.ts read them; everything above sees the domain types.
import type {
  AdvanceFormData,
  ContactNote,
  ContactStatus,
  FeedFormat,
  FeedRunSummary,
  MediaUploadType,
  NewsCategory,
  NewsStatus,
  SiteLanguage,
  UserRole,
} from '../domain';
import type { MediaFileData } from '../events';

type Timestamp = string | Date;

/** One page of a list and the total it is taken from. */
export type Page<T> = { items: T[]; total: number };

type UserRow = {
  id: string;
  username: string;
  password_hash: string;
  role: UserRole;
  disabled: boolean;
  created_at: Timestamp;
  totp_secret: string | null;
  recovery_code_hashes: string[];
  must_change_password: boolean;
  notice_email: string | null;
  weekly_summary: boolean;
};
/** A user row with whether the account has a second factor (an app or a passkey). */
export type UserWithFactorRow = UserRow & { has_second_factor: boolean };
export type PasskeyRow = {
  credential_id: string;
  user_id: string;
  public_key: string;
  counter: number | string;
  transports: string[];
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
};
export type ServiceRow = { id: string; title: string; description: string; icon: string; category: string; features: string[]; order: string };
export type FeedSourceRow = {
  id: string;
  name: string;
  url: string;
  format: FeedFormat;
  enabled: boolean;
  default_category: NewsCategory;
  auto_publish: boolean;
  schedule_interval_hours: number;
  include_keywords: string[];
  exclude_keywords: string[];
  last_fetched_at: Timestamp | null;
  created_at: Timestamp;
  last_run: FeedRunSummary | null;
};
export type NewsRow = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  image: string | null;
  category: NewsCategory;
  author: string;
  published_at: Timestamp;
  source_id: string | null;
  source_url: string | null;
  guid_hash: string | null;
  is_imported: boolean;
  review_required: boolean;
  status: NewsStatus;
  english_title: string | null;
  english_excerpt: string | null;
  english_content: string | null;
  image_alt: string | null;
  review_note: string | null;
  version: number;
  /** The last change of a public field while the article was published (projections/migrations/014). */
  content_changed_at: Timestamp | null;
};
export type MediaRow = {
  id: string;
  url: string;
  type: MediaUploadType;
  width: number;
  height: number;
  /** bigint: text from PostgreSQL, a number from PGlite. */
  bytes: number | string;
  total_bytes: number | string;
  variants: MediaFileData[];
  source_url: string | null;
  uploaded_by: string | null;
  created_at: Timestamp;
};
type ContactRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: ContactStatus;
  created_at: Timestamp;
  language: SiteLanguage;
  notes: ContactNote[] | null;
};
/** A contact row with its response times in seconds (numeric: text from PostgreSQL, a number from PGlite). */
export type ContactWithTimingsRow = ContactRow & { read_after: number | string | null; resolved_after: number | string | null };
export type AdvanceFormRow = {
  id: string;
  data: AdvanceFormData;
  submitted_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_on_site_at: Timestamp | null;
  /** bigint: text from PostgreSQL, a number from PGlite. */
  device_clock_skew_ms: number | string | null;
};
export type CountRow = { total: number | string };
