// /en/news and /en/news/{slug}: the news pages with their English texts.
import { ProvideTexts } from '../../i18n/texts';
import type { PageProps } from '../../lib/lazy-page';
import ArticlePage from './ArticlePage';
import NewsListPage from './NewsListPage';
import { newsTextsEn } from './texts.en';

export function EnglishNewsListPage() {
  return (
    <ProvideTexts texts={{ news: newsTextsEn }}>
      <NewsListPage />
    </ProvideTexts>
  );
}

export function EnglishArticlePage(props: PageProps) {
  return (
    <ProvideTexts texts={{ news: newsTextsEn }}>
      <ArticlePage {...props} />
    </ProvideTexts>
  );
}
