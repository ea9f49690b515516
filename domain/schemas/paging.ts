// One rule for every paged list: `limit` 1–100 (default 30) and `offset` 0–100,000 (default 0).
// A bigger offset is no page anyone reads; it only makes the database walk a whole table.
import { z } from 'zod';
import { maxListLimit, maxListOffset } from '../list-limits';

export { maxListOffset } from '../list-limits';

/** `?limit=` as a form writes it: an empty parameter is an absent one. */
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const pagingFields = {
  limit: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: 'limit debe ser un número' })
      .int({ error: 'limit debe ser un número entero' })
      .min(1, { error: `limit debe estar entre 1 y ${maxListLimit}` })
      .max(maxListLimit, { error: `limit debe estar entre 1 y ${maxListLimit}` })
      .default(30),
  ),
  offset: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: 'offset debe ser un número' })
      .int({ error: 'offset debe ser un número entero' })
      .min(0, { error: `offset debe estar entre 0 y ${maxListOffset}` })
      .max(maxListOffset, { error: `offset debe estar entre 0 y ${maxListOffset}` })
      .default(0),
  ),
};
export const pagingQuery = z.object(pagingFields);
export type Paging = z.infer<typeof pagingQuery>;
