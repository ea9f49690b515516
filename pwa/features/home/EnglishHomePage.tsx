// /en: the home page with its English texts.
import { ProvideTexts } from '../../i18n/texts';
import HomePage from './HomePage';
import { homeTextsEn } from './texts.en';

export default function EnglishHomePage() {
  return (
    <ProvideTexts texts={{ home: homeTextsEn }}>
      <HomePage />
    </ProvideTexts>
  );
}
