// The categories of the news, apart from the other enumerations (enums.ts): the public news list reads
// them, and took the staff screens' statuses, roles and feed formats along when they shared a module.

export const newsCategories = ['Ciberseguridad', 'Anti-Espionaje', 'Tecnología', 'Noticias'] as const;
export type NewsCategory = (typeof newsCategories)[number];

/** Whether a text (a query parameter, a stored value) is one of the categories. */
export const isNewsCategory = (text: string | null | undefined): text is NewsCategory => newsCategories.some((category) => category === text);
