// What other features may use from news: the latest-news hook and the card.
export { useLatestNews } from './latest';
export { NewsCard } from './NewsCard';
