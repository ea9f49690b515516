// 'Sin conexión' above the dashboard while the browser is offline: the lists on screen are the last
// ones loaded (restored from IndexedDB when the panel was opened offline). The connection is shared
// client state (jotai, connection.ts), the same the form screens show.
import { useAtomValue } from 'jotai';
import { WifiOff } from 'lucide-react';
import { browserOnlineAtom } from './connection';
import { offlineTexts as t } from './texts';

/** What the browser says (navigator.onLine, kept current by its online/offline events). */
function useOnline(): boolean {
  return useAtomValue(browserOnlineAtom);
}

export function OfflineBanner() {
  if (useOnline()) return null;
  return (
    <div role="status" className="mb-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      <WifiOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t.offlineBanner}</p>
        <p className="text-sm">{t.offlineBannerHint}</p>
      </div>
    </div>
  );
}
