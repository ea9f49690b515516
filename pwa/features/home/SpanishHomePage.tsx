// /: the home page with its Spanish texts.
import { ProvideTexts } from '../../i18n/texts';
import HomePage from './HomePage';
import { homePageTexts } from './texts';

export default function SpanishHomePage() {
  return (
    <ProvideTexts texts={{ home: homePageTexts }}>
      <HomePage />
    </ProvideTexts>
  );
}
