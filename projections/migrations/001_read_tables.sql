-- Read tables: projections of the event log, rebuilt from it by `npm run projections:rebuild`.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is not IMMUTABLE; this wrapper with a fixed dictionary is, so indexes may use it.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE TABLE IF NOT EXISTS users (
  id uuid PRIMARY KEY,
  username text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'colaborador',
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS users_username_key ON users (lower(username));

CREATE TABLE IF NOT EXISTS services (
  id uuid PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  icon text NOT NULL,
  category text NOT NULL,
  features jsonb NOT NULL DEFAULT '[]',
  "order" text NOT NULL DEFAULT '1',
  created_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS rss_sources (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  url text NOT NULL,
  format text NOT NULL DEFAULT 'rss',
  enabled boolean NOT NULL DEFAULT true,
  default_category text NOT NULL,
  auto_publish boolean NOT NULL DEFAULT false,
  schedule_interval_hours integer NOT NULL DEFAULT 12,
  include_keywords jsonb NOT NULL DEFAULT '[]',
  exclude_keywords jsonb NOT NULL DEFAULT '[]',
  last_fetched_at timestamptz,
  last_run jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS rss_sources_url_key ON rss_sources (url);

CREATE TABLE IF NOT EXISTS news_articles (
  id uuid PRIMARY KEY,
  title text NOT NULL,
  slug text NOT NULL,
  excerpt text NOT NULL,
  content text NOT NULL,
  image text,
  category text NOT NULL,
  author text NOT NULL,
  published_at timestamptz NOT NULL,
  source_id uuid,
  source_url text,
  guid_hash text,
  is_imported boolean NOT NULL DEFAULT false,
  review_required boolean NOT NULL DEFAULT false,
  search_vector tsvector GENERATED ALWAYS AS (
    to_tsvector('spanish', f_unaccent(title || ' ' || excerpt || ' ' || regexp_replace(content, '<[^>]*>', ' ', 'g')))
  ) STORED
);
CREATE UNIQUE INDEX IF NOT EXISTS news_articles_slug_key ON news_articles (slug);
CREATE UNIQUE INDEX IF NOT EXISTS news_articles_source_guid_key ON news_articles (source_id, guid_hash) WHERE guid_hash IS NOT NULL;
CREATE INDEX IF NOT EXISTS news_articles_published_idx ON news_articles (review_required, published_at DESC);
CREATE INDEX IF NOT EXISTS news_articles_search_idx ON news_articles USING gin (search_vector);
CREATE INDEX IF NOT EXISTS news_articles_title_trgm_idx ON news_articles USING gin (f_unaccent(lower(title)) gin_trgm_ops);

-- Imported articles that staff deleted: the importer never brings them back.
CREATE TABLE IF NOT EXISTS deleted_feed_items (
  source_id uuid NOT NULL,
  guid_hash text NOT NULL,
  PRIMARY KEY (source_id, guid_hash)
);

CREATE TABLE IF NOT EXISTS contact_messages (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone text,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'unread',
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS contact_messages_created_idx ON contact_messages (created_at DESC);

CREATE TABLE IF NOT EXISTS advance_forms (
  id uuid PRIMARY KEY,
  host_name text NOT NULL,
  event_date date NOT NULL,
  data jsonb NOT NULL,
  submitted_by uuid,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS advance_forms_created_idx ON advance_forms (created_at DESC);
