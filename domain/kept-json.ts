/**
 * Where a read-only object may carry the JSON it was parsed from, so that code which writes it out as
 * JSON again (the page's data for the browser) takes that text instead of serializing the object anew.
 * Not enumerable, so JSON.stringify and the object's keys ignore it; a registered symbol, so that the
 * server's two bundles (the API's and the pages' renderer) name the same one. Only for objects that are
 * never changed afterwards: the text must stay exactly JSON.stringify of the object.
 */
export const keptJson: unique symbol = /* @__PURE__ */ Symbol.for('contraespionaje-cr.kept-json') as never;

/** The JSON `value` carries (keptJson), if any. */
export function keptJsonOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const own = (value as { [keptJson]?: unknown })[keptJson];
  return typeof own === 'string' ? own : undefined;
}
