// /en/contact: the contact page with its English texts; messages sent from it record 'en'.
import { ProvideTexts } from '../../i18n/texts';
import ContactPage from './ContactPage';
import { contactTextsEn } from './texts.en';

const englishTexts = { contact: contactTextsEn };

export default function EnglishContactPage() {
  return (
    <ProvideTexts texts={englishTexts}>
      <ContactPage />
    </ProvideTexts>
  );
}
