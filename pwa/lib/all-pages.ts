// Every item of a list the server pages (services, staff accounts, feed sources: short lists a screen
// shows whole), asked for page after page at the largest size a page may have, until the total in
// X-Total-Count is reached.
import { maxListLimit } from '../../domain/list-limits';
import { fetchPage } from './api';

export async function fetchAllPages<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const page = await fetchPage<T>(`${path}?limit=${maxListLimit}&offset=${items.length}`, signal);
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}
