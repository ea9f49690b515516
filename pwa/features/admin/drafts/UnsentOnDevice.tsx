// 'En este dispositivo, sin enviar': at the top of the advance forms tab, this staff member's forms
// that wait on this device (queued, or refused and waiting for a correction), so a list that comes
// from the server never hides work the server does not have yet. Nothing shows when there is none.
import { Pencil } from 'lucide-react';
import { useLocation } from 'wouter';
import { formatDateTime } from '../../../../domain';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { draftStateLabels, offlineTexts } from '../../../offline/texts';
import { Detail, RecordCard } from '../common/RecordCard';
import { resumeDraftPath, useMyDrafts } from './use-my-drafts';
import { draftsTexts as t } from './texts';

export function UnsentOnDevice() {
  const { drafts } = useMyDrafts();
  const [, navigate] = useLocation();
  const unsent = drafts?.filter((d) => d.state === 'pending' || d.state === 'error') ?? [];
  if (unsent.length === 0) return null;
  return (
    <section aria-labelledby="unsent-on-device" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:p-4">
      <h3 id="unsent-on-device" className="mb-3 font-semibold text-amber-900">
        {offlineTexts.onDeviceUnsent} ({unsent.length})
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        {unsent.map((draft) => {
          const title = draft.values.hostName?.trim() || t.untitled;
          return (
            <RecordCard
              key={draft.id}
              label={title}
              title={title}
              badges={
                <>
                  <Badge variant="warning">{offlineTexts.onDeviceUnsent}</Badge>
                  <Badge variant={draft.state === 'error' ? 'danger' : 'default'}>{draftStateLabels[draft.state]}</Badge>
                </>
              }
              actions={
                <Button variant="outline" size="sm" onPress={() => navigate(resumeDraftPath(draft))}>
                  <Pencil className="size-4" aria-hidden="true" />
                  {t.resume}
                </Button>
              }
            >
              {draft.error && <Detail label={t.errorPrefix}>{draft.error}</Detail>}
              <Detail label={t.updated}>{formatDateTime(draft.updatedAt)}</Detail>
            </RecordCard>
          );
        })}
      </div>
    </section>
  );
}
