// The update prompt's two texts, apart from the other offline texts: the prompt's code loads on every
// public page's first visit, and must not bring the drafts' and the queue's texts with it.
export const updateTexts = {
  updateAvailable: 'Nueva versión disponible',
  updateAction: 'Actualizar',
} as const;
