// Preview links: an address that shows an article as visitors will see it, whatever its status, to
// someone without an account, for 7 days or until staff revoke the article's links. The token is 32
// random bytes; the table keeps its SHA-256 only (a copy of the table opens no article), and every
// preview reads the table, so a revocation holds at once on every instance.
import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '../events';

const previewLinkLifetimeMs = 7 * 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** What a token looks like: anything else is not looked up. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function previewLinks(sql: Sql) {
  return {
    /** A new link's token for the article, and when it stops working. */
    async create(articleId: string, createdBy: string | null, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + previewLinkLifetimeMs);
      // Links long past their time are of no use to anyone: gone with the next link of the same article.
      await sql.query(`DELETE FROM news_preview_links WHERE article_id = $1 AND expires_at < now() - interval '7 days'`, [articleId]);
      await sql.query('INSERT INTO news_preview_links (token_hash, article_id, created_by, expires_at) VALUES ($1, $2, $3, $4)', [
        hashOf(token),
        articleId,
        createdBy,
        expiresAt.toISOString(),
      ]);
      return { token, expiresAt };
    },
    /** Ends every working link of the article; answers how many. */
    async revoke(articleId: string): Promise<number> {
      const rows = await sql.query(
        'UPDATE news_preview_links SET revoked_at = now() WHERE article_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING token_hash',
        [articleId],
      );
      return rows.length;
    },
    /** The article's working links: how many, and when the last of them expires. */
    async active(articleId: string): Promise<{ count: number; expiresAt: string | null }> {
      const [row] = await sql.query<{ count: number; expires_at: string | Date | null }>(
        'SELECT count(*)::int AS count, max(expires_at) AS expires_at FROM news_preview_links WHERE article_id = $1 AND revoked_at IS NULL AND expires_at > now()',
        [articleId],
      );
      return { count: Number(row.count), expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null };
    },
    /** The article a token opens, while its link works; null otherwise. */
    async articleOf(token: string): Promise<string | null> {
      if (!tokenPattern.test(token)) return null;
      const [row] = await sql.query<{ article_id: string }>(
        'SELECT article_id FROM news_preview_links WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()',
        [hashOf(token)],
      );
      return row?.article_id ?? null;
    },
  };
}
