// Projectors: each keeps one read table current from the events of one aggregate, typed by those events,
// with a switch the compiler checks is exhaustive. A redacted payload (an erased stream) projects nothing.
import {
  eventTypes,
  isRedacted,
  typedProjector,
  unhandled,
  type AdvanceFormEvent,
  type ContactMessageEvent,
  type FeedSourceEvent,
  type MediaEvent,
  type Projector,
  type ServiceEvent,
} from '../events';
import { deviceClockSkewMs, mediaFileUrl } from '../domain';
import { newsProjector } from './news-projector';
import { json, updateColumns } from './update-columns';
import { usersProjector } from './users';
import { summaryProjector, summaryReadTables } from './summary';

const serviceColumns = { title: 'title', description: 'description', icon: 'icon', category: 'category', features: 'features', order: '"order"' };

const servicesProjector = typedProjector<ServiceEvent>({
  name: 'services',
  handles: eventTypes.service,
  async project(tx, event) {
    switch (event.type) {
      case 'ServiceCreated': {
        const d = event.data;
        await tx.query(`INSERT INTO services (id, title, description, icon, category, features, "order", created_at) VALUES ($1,$2,$3,$4,$5,$6::jsonb,$7,$8)`, [
          event.streamId,
          d.title,
          d.description,
          d.icon,
          d.category,
          json(d.features),
          d.order,
          event.recordedAt.toISOString(),
        ]);
        return;
      }
      case 'ServiceUpdated':
        return updateColumns(tx, 'services', event.streamId, event.data.changes, serviceColumns, new Set(['features']));
      case 'ServiceDeleted':
        await tx.query('DELETE FROM services WHERE id = $1', [event.streamId]);
        return;
      default:
        unhandled(event);
    }
  },
});

const sourceColumns = {
  name: 'name',
  url: 'url',
  format: 'format',
  enabled: 'enabled',
  defaultCategory: 'default_category',
  autoPublish: 'auto_publish',
  scheduleIntervalHours: 'schedule_interval_hours',
  includeKeywords: 'include_keywords',
  excludeKeywords: 'exclude_keywords',
};

const feedSourcesProjector = typedProjector<FeedSourceEvent>({
  name: 'rss_sources',
  uniqueRules: { rss_sources_url_key: { field: 'url', message: 'Ya existe una fuente RSS con esa URL' } },
  handles: eventTypes.feedSource,
  async project(tx, event) {
    switch (event.type) {
      case 'FeedSourceCreated': {
        const d = event.data;
        await tx.query(
          `INSERT INTO rss_sources (id, name, url, format, enabled, default_category, auto_publish, schedule_interval_hours, include_keywords, exclude_keywords, created_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9::jsonb,$10::jsonb,$11)`,
          [
            event.streamId,
            d.name,
            d.url,
            d.format,
            d.enabled,
            d.defaultCategory,
            d.autoPublish,
            d.scheduleIntervalHours,
            json(d.includeKeywords),
            json(d.excludeKeywords),
            d.createdAt,
          ],
        );
        return;
      }
      case 'FeedSourceUpdated':
        return updateColumns(tx, 'rss_sources', event.streamId, event.data.changes, sourceColumns, new Set(['includeKeywords', 'excludeKeywords']));
      case 'FeedSourceImported': {
        // Runs recorded before the summary lost its feedUrl field still carry it: the read table never shows it.
        const { feedUrl: _feedUrl, ...run } = event.data as typeof event.data & { feedUrl?: string };
        // lastFetchedAt is the last time the feed was read; a failed run is only the last run (its date
        // drives the schedule, so a dead source is retried once per interval, not every minute).
        await tx.query(
          'UPDATE rss_sources SET last_fetched_at = CASE WHEN $4::boolean THEN last_fetched_at ELSE $2::timestamptz END, last_run = $3::jsonb WHERE id = $1',
          [event.streamId, run.at, json(run), Boolean(run.error)],
        );
        return;
      }
      case 'FeedSourceDeleted':
        await tx.query('DELETE FROM rss_sources WHERE id = $1', [event.streamId]);
        return;
      default:
        unhandled(event);
    }
  },
});

const contactProjector = typedProjector<ContactMessageEvent>({
  name: 'contact_messages',
  handles: eventTypes.contactMessage,
  async project(tx, event) {
    switch (event.type) {
      case 'ContactMessageReceived': {
        if (isRedacted(event)) return;
        const d = event.data;
        await tx.query('INSERT INTO contact_messages (id, name, email, phone, message, status, created_at, language) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)', [
          event.streamId,
          d.name,
          d.email,
          d.phone,
          d.message,
          'unread',
          d.createdAt,
          d.language ?? 'es',
        ]);
        return;
      }
      case 'ContactStatusChanged':
        if (isRedacted(event)) return;
        await tx.query('UPDATE contact_messages SET status = $2 WHERE id = $1', [event.streamId, event.data.to]);
        return;
      case 'ContactNoteAdded': {
        if (isRedacted(event)) return;
        const note = { text: event.data.text, at: event.recordedAt.toISOString(), author: event.metadata.actor?.username ?? null };
        await tx.query('UPDATE contact_messages SET notes = notes || jsonb_build_array($2::jsonb) WHERE id = $1', [event.streamId, json(note)]);
        return;
      }
      case 'ContactMessageErased':
        await tx.query('DELETE FROM contact_messages WHERE id = $1', [event.streamId]);
        return;
      default:
        unhandled(event);
    }
  },
});

const advanceFormsProjector = typedProjector<AdvanceFormEvent>({
  name: 'advance_forms',
  handles: eventTypes.advanceForm,
  async project(tx, event) {
    switch (event.type) {
      case 'AdvanceFormSubmitted': {
        if (isRedacted(event)) return;
        const { form, submittedBy, createdAt, deviceTime } = event.data;
        const skew = deviceClockSkewMs({ deviceTime, completedOnSiteAt: form.completedOnSiteAt, receivedAt: createdAt });
        await tx.query(
          `INSERT INTO advance_forms (id, host_name, event_date, data, submitted_by, created_at, updated_at, completed_on_site_at, device_clock_skew_ms)
           VALUES ($1,$2,$3,$4::jsonb,$5,$6,$6,$7,$8)`,
          [event.streamId, form.hostName, form.eventDate, json(form), submittedBy, createdAt, form.completedOnSiteAt ?? null, skew],
        );
        return;
      }
      // The record shows the new version; its first arrival (created_at) stays.
      case 'AdvanceFormCorrected': {
        if (isRedacted(event)) return;
        const { form, correctedAt, deviceTime } = event.data;
        const skew = deviceClockSkewMs({ deviceTime, completedOnSiteAt: form.completedOnSiteAt, receivedAt: correctedAt });
        await tx.query(
          `UPDATE advance_forms SET host_name = $2, event_date = $3, data = $4::jsonb, updated_at = $5, completed_on_site_at = $6, device_clock_skew_ms = $7
           WHERE id = $1`,
          [event.streamId, form.hostName, form.eventDate, json(form), correctedAt, form.completedOnSiteAt ?? null, skew],
        );
        return;
      }
      case 'AdvanceFormErased':
        await tx.query('DELETE FROM advance_forms WHERE id = $1', [event.streamId]);
        return;
      default:
        unhandled(event);
    }
  },
});

const mediaProjector = typedProjector<MediaEvent>({
  name: 'media',
  handles: eventTypes.media,
  async project(tx, event) {
    switch (event.type) {
      case 'MediaUploaded': {
        const { original, variants, sourceUrl } = event.data;
        const totalBytes = [original, ...variants].reduce((sum, file) => sum + file.bytes, 0);
        await tx.query(
          `INSERT INTO media (id, url, type, width, height, bytes, total_bytes, variants, source_url, uploaded_by, created_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9,$10,$11)`,
          [
            event.streamId,
            mediaFileUrl(event.streamId, original.file),
            original.type,
            original.width,
            original.height,
            original.bytes,
            totalBytes,
            json(variants),
            sourceUrl,
            event.metadata.actor?.username ?? null,
            event.recordedAt.toISOString(),
          ],
        );
        return;
      }
      case 'MediaDeleted':
        await tx.query('DELETE FROM media WHERE id = $1', [event.streamId]);
        return;
      default:
        unhandled(event);
    }
  },
});

export const allProjectors: Projector[] = [
  usersProjector,
  servicesProjector,
  feedSourcesProjector,
  newsProjector,
  contactProjector,
  advanceFormsProjector,
  summaryProjector,
  mediaProjector,
];

/** The read tables the projectors own, emptied before a rebuild. */
export const readTables = [
  'users',
  'services',
  'rss_sources',
  'news_articles',
  'deleted_feed_items',
  'contact_messages',
  'advance_forms',
  'user_passkeys',
  'security_settings',
  'media',
  'media_uses',
  ...summaryReadTables,
];
