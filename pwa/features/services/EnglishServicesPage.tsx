// /en/services: the services page with its English texts.
import { ProvideTexts } from '../../i18n/texts';
import ServicesPage from './ServicesPage';
import { servicesTextsEn } from './texts.en';

export default function EnglishServicesPage() {
  return (
    <ProvideTexts texts={{ services: servicesTextsEn }}>
      <ServicesPage />
    </ProvideTexts>
  );
}
