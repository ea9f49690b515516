// /formulario-avanzada: the whole screen is in the server's HTML, and this page's own chunk is only the
// wait for the visitor's first touch (pwa/lib/deferred-part.tsx): a device that already holds drafts
// loads the form's code at once, to offer the draft it keeps.
import { deferredPart } from '../../lib/deferred-part';
import { mayHoldDrafts } from '../../offline/start';

const Screen = deferredPart(() => import('./AdvanceFormPublicScreen'), { eager: mayHoldDrafts });

export default function AdvanceFormPublicPage() {
  return <Screen />;
}
