// The categories of the news, apart from the other enumerations (enums.ts): the public news list reads
// them, and took the staff screens' statuses, roles and feed formats along when they shared a module.

export const newsCategories = ['Ciberseguridad', 'Anti-Espionaje', 'Tecnología', 'Noticias'] as const;
export type NewsCategory = (typeof newsCategories)[number];
