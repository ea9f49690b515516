// The article page's image is as wide as the text column (max-w-3xl less its padding). The <picture>
// and the server's preload of it say the same, so the browser fetches the preloaded file only once.
export const articleImageSizes = '(min-width: 768px) 720px, calc(100vw - 32px)';
