// The media library's texts ('Medios'): the tab, its cards, the upload zone and the picker of the news
// dialog. Not required wording: ours.
const sizeFormat = new Intl.NumberFormat('es-CR', { maximumFractionDigits: 1 });

/** '245 KB', '1,2 MB'. */
export const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${sizeFormat.format(bytes / 1024 / 1024)} MB`;

export const mediaTexts = {
  tab: 'Medios',
  title: 'Medios',
  subtitle: 'Imágenes para las noticias. Cada una se guarda sin metadatos (ubicación, cámara) y en varios tamaños para el sitio.',
  total: (n: number) => (n === 1 ? '1 imagen' : `${n} imágenes`),
  empty: 'Todavía no hay imágenes. Suba la primera.',
  loadError: 'No se pudieron cargar las imágenes',
  listLabel: 'Imágenes de Medios',
  // The upload zone.
  upload: 'Subir imagen',
  uploading: 'Subiendo imagen...',
  dropHere: 'Arrastre una imagen aquí o',
  uploadHint: 'JPEG, PNG, WebP o AVIF, hasta 10 MB.',
  uploaded: 'Imagen subida',
  uploadError: 'No se pudo subir la imagen',
  wrongType: 'Formato no admitido: use una imagen JPEG, PNG, WebP o AVIF.',
  tooLarge: 'La imagen supera el tamaño máximo de 10 MB.',
  // A card.
  imageOf: (width: number, height: number) => `Imagen de ${width} × ${height} px`,
  dimensions: (width: number, height: number) => `${width} × ${height} px`,
  size: (original: string, total: string) => `${original} (${total} con sus copias)`,
  sizeLabel: 'Tamaño',
  dimensionsLabel: 'Dimensiones',
  uploadedOn: (when: string, by: string | null) => (by ? `Subida el ${when} por ${by}` : `Subida el ${when}`),
  importedFrom: 'Copiada de la fuente',
  usedIn: 'Se usa en',
  unused: 'No se usa en ninguna noticia',
  copyUrl: 'Copiar dirección',
  copied: 'Dirección copiada',
  delete: 'Eliminar',
  confirmDelete: '¿Está seguro que desea eliminar esta imagen? Sus archivos se borrarán.',
  cannotDelete: (n: number) => `No se puede eliminar mientras se use (${n === 1 ? '1 noticia' : `${n} noticias`}).`,
  deleted: 'Imagen eliminada',
  deleteError: 'No se pudo eliminar la imagen',
  // The news dialog's picker.
  choose: 'Elegir',
  chooseLabel: (width: number, height: number) => `Elegir la imagen de ${width} × ${height} px`,
  pickerTitle: 'Elegir de Medios',
  pickerDescription: 'Elija una imagen de la biblioteca o suba una nueva.',
} as const;
