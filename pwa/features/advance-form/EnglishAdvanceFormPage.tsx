// /en/advance-form: the English screen (EnglishAdvanceFormScreen.tsx) in the server's HTML, its code
// loaded at the visitor's first touch, or at once on a device that holds drafts (pwa/lib/deferred-part.tsx).
import { deferredPart } from '../../lib/deferred-part';
import { mayHoldDrafts } from '../../offline/start';

const Screen = deferredPart(() => import('./EnglishAdvanceFormScreen'), { eager: mayHoldDrafts });

export default function EnglishAdvanceFormPage() {
  return <Screen />;
}
