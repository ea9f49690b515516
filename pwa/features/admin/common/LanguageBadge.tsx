// 'Inglés' on the card of a contact message or advance form sent from the English pages, so staff
// know which language to answer in. Spanish, the site's default, needs no badge. Screen readers hear
// 'Idioma: Inglés'.
import { siteLanguageLabel, type SiteLanguage } from '../../../../domain';
import { Badge } from '../../../ui/Badge';
import { commonTexts as t } from '../texts';

export function LanguageBadge({ language }: { language?: SiteLanguage | null }) {
  if (!language || language === 'es') return null;
  return (
    <Badge variant="outline">
      <span className="sr-only">{t.languagePrefix}</span>
      {siteLanguageLabel[language]}
    </Badge>
  );
}
