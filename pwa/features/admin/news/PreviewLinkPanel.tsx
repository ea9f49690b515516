// 'Enlace de vista previa': a link anyone can open without an account for 7 days (the page as visitors
// will see it, never indexed), copied to be sent; and, for admins, revoking every link of the article.
import { useState } from 'react';
import { Copy, Link2, Link2Off } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast';
import { ConfirmAction } from '../common/ConfirmAction';
import { useCreatePreviewLink, usePreviewLinkState, useRevokePreviewLinks, type PreviewLink } from './api';
import { previewLinkTexts as t } from './texts';

export function PreviewLinkPanel({ articleId, isAdmin }: { articleId: string; isAdmin: boolean }) {
  const state = usePreviewLinkState(articleId);
  const create = useCreatePreviewLink();
  const revoke = useRevokePreviewLinks();
  const [link, setLink] = useState<PreviewLink | null>(null);
  const copy = (url: string) =>
    void navigator.clipboard?.writeText(url).then(
      () => toast({ title: t.copied }),
      () => {},
    );
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">{t.hint}</p>
      {state.data && <p className="text-sm text-slate-800">{t.active(state.data.count, state.data.expiresAt)}</p>}
      {link && (
        <div className="grid gap-2">
          <div className="flex items-end gap-2">
            <TextField label={t.url} value={link.url} isReadOnly className="flex-1" />
            <Button variant="outline" size="sm" onPress={() => copy(link.url)} aria-label={t.copy}>
              <Copy className="size-4" aria-hidden="true" />
            </Button>
          </div>
          <TextField label={t.englishUrl} value={link.englishUrl} isReadOnly />
          <p className="text-sm text-slate-600">{t.expires(link.expiresAt)}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" isPending={create.isPending} onPress={() => create.mutateAsync(articleId).then(setLink, () => {})}>
          <Link2 className="size-4" aria-hidden="true" />
          {create.isPending ? t.creating : t.create}
        </Button>
        {isAdmin && (state.data?.count ?? 0) > 0 && (
          <ConfirmAction
            icon={Link2Off}
            label={t.revoke}
            danger
            title={t.revoke}
            message={t.revokeConfirm}
            onConfirm={() => revoke.mutateAsync(articleId).then(() => setLink(null))}
            isPending={revoke.isPending}
          />
        )}
      </div>
    </div>
  );
}
