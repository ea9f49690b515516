// The rule for a photo's copy in the advance-form PDF, apart from the document (no jsPDF here): the
// server reduces each venue photo by it at upload time without loading the PDF library.

/**
 * A photo's copy in the PDF, on the server (made once at upload) and in the browser (a draft's PDF):
 * upright, at most 1,200 px on its longest side, JPEG at quality 75, so four of them stay under 2 MB.
 */
export const pdfPhotoLongestSide = 1200;
export const pdfPhotoJpegQuality = 75;
