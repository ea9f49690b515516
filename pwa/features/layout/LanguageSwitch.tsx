// The link to the same page in the other language (header and footer). Pages without a twin (the
// 404 screen) lead to the other language's home page. Text only: every byte of the header counts
// against the first visit's budget.
import { Link, useLocation } from 'wouter';
import { pathIn } from '../../i18n/lang';
import { useProvidedTexts } from '../../i18n/texts';

export function LanguageSwitch({ className, onClick }: { className: string; onClick?: () => void }) {
  const [path] = useLocation();
  const { otherLanguage } = useProvidedTexts('layout');
  const href = pathIn(otherLanguage.lang, path) ?? pathIn(otherLanguage.lang, '/')!;
  return (
    <Link
      href={href}
      hrefLang={otherLanguage.lang}
      lang={otherLanguage.lang}
      title={otherLanguage.title}
      onClick={onClick}
      className={className}
      data-testid="cambio-idioma"
    >
      {otherLanguage.label}
    </Link>
  );
}
