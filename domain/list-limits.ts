// The bounds of every paged list (schemas/paging.ts checks them), in a module without zod: the public
// news pages read maxListOffset, and taking it from the schemas' module put zod (24 KB gzipped) in their
// first visit.

export const maxListLimit = 100;
export const maxListOffset = 100_000;
