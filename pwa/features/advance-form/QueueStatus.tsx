// Where the form's work stands, on the form screens (staff and public, both languages): the connection
// ('En línea', 'Sin conexión', 'Servidor no disponible' when a real request to the server fails while
// the browser says online), the forms waiting on this device, the one being sent with its photos'
// bytes, the last try and the next, and 'Enviar ahora'; and, as an alert that stays until the form is
// saved again, each form the server refused, with its reason and the photo at fault. All of it is shared
// client state in jotai atoms (pwa/offline/connection.ts, queue-state.ts), fed by the queue and the
// connection probe.
import { useEffect, useLayoutEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'wouter';
import { ServerOff, Wifi, WifiOff } from 'lucide-react';
import { advanceFormLabels, type PhotoField } from '../../../domain';
import { Button } from '../../ui/Button';
import { useTexts } from '../../i18n/texts';
import { useNow } from '../../lib/use-now';
import { networkStateAtom, watchConnection, type NetworkState } from '../../offline/connection';
import {
  draftOnScreenAtom,
  photoUploadsAtom,
  refusedFormsAtom,
  runnerStateAtom,
  sendingFormAtom,
  summarizeUploads,
  waitingFormsAtom,
  type RefusedForm,
  type UploadSummary,
} from '../../offline/queue-state';
import { retryQueueNow, startDraftSync } from '../../offline/sync';
import { resumeDraftHref } from '../../offline/draft-types';
import type { AdvanceFormMode } from './api';
import { advanceFormTexts, type AdvanceFormTexts, type QueueStatusTexts } from './texts';

const useStatusTexts = () => useTexts('advanceForm', advanceFormTexts).status;

/** A photo's label in the page's language. */
export const photoLabel = (texts: AdvanceFormTexts, field: PhotoField) => texts.layout?.labels[field] ?? advanceFormLabels[field] ?? field;

const networkLook: Record<NetworkState, { icon: typeof Wifi; className: string }> = {
  online: { icon: Wifi, className: 'border-emerald-300 bg-emerald-50 text-emerald-900' },
  offline: { icon: WifiOff, className: 'border-amber-300 bg-amber-50 text-amber-900' },
  unreachable: { icon: ServerOff, className: 'border-red-300 bg-red-50 text-red-900' },
};

/**
 * What it shows is the device's: the server's page (and the hydration of it) shows 'En línea' with
 * nothing waiting, the same box at the same height, and the device's own state follows before the
 * next paint, so the form below never moves on a connected device with nothing queued.
 */
export function QueueStatus({ mode, ownerId }: { mode: AdvanceFormMode; ownerId: string | null }) {
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  return <StatusPanel mode={mode} ownerId={ownerId} live={mounted} />;
}

const nobodyWaiting: never[] = [];
const nobodyRefused: RefusedForm[] = [];

function StatusPanel({ mode, ownerId, live }: { mode: AdvanceFormMode; ownerId: string | null; live: boolean }) {
  const t = useStatusTexts();
  const deviceNetwork = useAtomValue(networkStateAtom);
  const network = live ? deviceNetwork : 'online';
  // A visitor's phone, or this staff member's forms: another staff member's on the same tablet are not theirs to see.
  const mine = (f: { variant: AdvanceFormMode; ownerId: string | null }) => f.variant === mode && (mode === 'public' || f.ownerId === ownerId);
  const deviceWaiting = useAtomValue(waitingFormsAtom).filter(mine);
  const waiting = live ? deviceWaiting : nobodyWaiting;
  const deviceRefused = useAtomValue(refusedFormsAtom).filter(mine);
  const refused = live ? deviceRefused : nobodyRefused;
  const runner = useAtomValue(runnerStateAtom);
  const sending = useAtomValue(sendingFormAtom);
  const uploads = useAtomValue(photoUploadsAtom);
  useEffect(() => watchConnection(), []);
  const now = useNow(waiting.length > 0);

  const sendingHere = sending && waiting.some((f) => f.id === sending.id) ? sending : null;
  const upload = sendingHere ? summarizeUploads(uploads, sendingHere.id) : null;
  const { icon: Icon, className } = networkLook[network];
  const sendNow = () => {
    startDraftSync({ runNow: false });
    void retryQueueNow();
  };

  return (
    <section aria-label={t.region} className={`mb-6 rounded-xl border p-4 ${className}`}>
      <div role="status" aria-live="polite" className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold" data-network={network}>
            {t.network[network]}
          </p>
          {t.networkHint[network] && <p className="text-sm">{t.networkHint[network]}</p>}
          {waiting.length > 0 && (
            <p className="mt-1 text-sm font-medium">
              {t.waiting(waiting.length)}
              {sendingHere && ` · ${t.sending(sendingHere.hostName)}`}
            </p>
          )}
        </div>
      </div>
      {refused.length > 0 && <RefusedForms forms={refused} />}
      {upload && <UploadProgress summary={upload} texts={t} className="mt-3" />}
      {waiting.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">{tryLine(t, runner, now, Boolean(sendingHere))}</p>
          <Button variant="outline" size="sm" onPress={sendNow} isPending={runner.running}>
            {t.sendNow}
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * Forms the server refused: an alert (announced when it appears) that stays while they wait for a
 * person, with the server's reason and the photo at fault, so a refusal never looks like a success.
 */
function RefusedForms({ forms }: { forms: RefusedForm[] }) {
  const texts = useTexts('advanceForm', advanceFormTexts);
  const t = texts.status;
  // A form refused while another is on screen (a new one, say) opens from here, as the drafts tab's 'Reanudar' does.
  const onScreen = useAtomValue(draftOnScreenAtom);
  const [path] = useLocation();
  return (
    <div role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
      <p className="font-semibold">{t.refused(forms.length)}</p>
      <ul className="mt-1 space-y-1 text-sm">
        {forms.map((form) => (
          <li key={form.id}>
            {t.refusedForm(form.hostName, form.reason)}
            {form.photo && ` ${t.refusedPhoto(photoLabel(texts, form.photo))}`}
            {form.id !== onScreen && (
              <>
                {' '}
                <Link href={resumeDraftHref(path, form.id)} className="font-semibold underline underline-offset-2">
                  {t.openRefused}
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm">{t.refusedAction}</p>
    </div>
  );
}

function tryLine(t: QueueStatusTexts, runner: { running: boolean; lastTryAt: number | null; nextTryAt: number | null }, now: number, sending: boolean): string {
  if (runner.running || sending) return t.trying;
  const parts: string[] = [];
  if (runner.lastTryAt !== null) parts.push(t.lastTry(now - runner.lastTryAt));
  if (runner.nextTryAt !== null) parts.push(t.nextTry(runner.nextTryAt - now));
  return parts.join(' · ');
}

/** 'Subiendo fotos (2 de 4, 1,2 MB de 3,4 MB)…' above a bar; `lead` says why something waits for it. */
export function UploadProgress({
  summary,
  texts,
  lead,
  className = '',
}: {
  summary: UploadSummary;
  texts: QueueStatusTexts;
  lead?: string;
  className?: string;
}) {
  const percent = summary.total > 0 ? Math.min(100, Math.round((summary.loaded / summary.total) * 100)) : 0;
  const words = texts.uploading(summary.index, summary.count, summary.loaded, summary.total);
  return (
    <div className={className}>
      <p role="status" aria-live="polite" className="text-sm">
        {lead && <strong className="font-semibold">{lead} </strong>}
        {words}
      </p>
      <div
        role="progressbar"
        aria-label={texts.uploadProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={words}
        className="mt-1.5 h-2 w-full overflow-hidden rounded-full bg-white/70 ring-1 ring-slate-300"
      >
        <div className="h-full rounded-full bg-accent-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
