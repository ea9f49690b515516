// /formulario-avanzada: visitors send the form without a session (no cookies).
import { AdvanceFormScreen } from './AdvanceFormScreen';

export default function AdvanceFormPublicPage() {
  return <AdvanceFormScreen mode="public" />;
}
