// /en/news/{slug}: an article with the English texts around it (and its English version, if any).
import { ProvideTexts } from '../../i18n/texts';
import type { PageProps } from '../../lib/lazy-page';
import ArticlePage from './ArticlePage';
import { articleTextsEn } from './article-texts.en';

export default function EnglishArticlePage(props: PageProps) {
  return (
    <ProvideTexts texts={{ article: articleTextsEn }}>
      <ArticlePage {...props} />
    </ProvideTexts>
  );
}
