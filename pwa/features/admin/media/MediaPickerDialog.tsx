// 'Elegir de Medios' in the news dialog: the library in a dialog of its own, where 'Elegir' (or a new
// upload) hands the image to the article and closes.
import type { MediaItem } from '../../../../domain';
import { Dialog } from '../../../ui/Dialog';
import { MediaLibrary } from './MediaLibrary';
import { mediaTexts as t } from './texts';

type Props = { isOpen: boolean; onOpenChange: (open: boolean) => void; onChoose: (item: MediaItem) => void };

export function MediaPickerDialog({ isOpen, onOpenChange, onChoose }: Props) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={t.pickerTitle} description={t.pickerDescription} size="lg">
      <MediaLibrary
        onChoose={(item) => {
          onChoose(item);
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}
