// /formulario-avanzada's screen: the form visitors send without a session (no cookies). Rendered on the
// server; its code loads when the visitor first reaches for the form (AdvanceFormPublicPage.tsx).
import { usePageHead } from '../../lib/head';
import { useSite } from '../../lib/site';
import { withLocale } from '../../ui/Locale';
import { AdvanceFormScreen } from './AdvanceFormScreen';
import { advanceFormTexts } from './texts';

function AdvanceFormPublicScreen() {
  usePageHead(advanceFormTexts.head(useSite()));
  return <AdvanceFormScreen mode="public" />;
}

export default withLocale(AdvanceFormPublicScreen);
