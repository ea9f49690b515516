// /en/news: the news list with its English texts.
import { ProvideTexts } from '../../i18n/texts';
import NewsListPage from './NewsListPage';
import { newsListTextsEn } from './list-texts.en';

export default function EnglishNewsListPage() {
  return (
    <ProvideTexts texts={{ newsList: newsListTextsEn }}>
      <NewsListPage />
    </ProvideTexts>
  );
}
