// What other features may use of the advance form.
export { AdvanceForm, type AdvanceFormProps } from './AdvanceForm';
export { AdvanceFormScreen } from './AdvanceFormScreen';
export { compressPhoto } from './compress-photo';
export { photoFileProblem, submitAdvanceForm, uploadPhoto, maxPhotoBytes, type AdvanceFormMode, type SubmitOptions } from './api';
export { advanceFormTexts } from './texts';
