// 'Subir imagen': a file chosen with the button (keyboard, screen readers) or dropped on the zone. The
// type and size are checked here first, so a wrong file is explained before anything is sent.
import { useId, useState } from 'react';
import { DropZone, FileTrigger, isFileDropItem, Text } from 'react-aria-components';
import { ImageUp } from 'lucide-react';
import { mediaUploadTypes, type MediaItem } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { errorClass } from '../../../ui/field-styles';
import { fileProblem, useUploadMedia } from './api';
import { mediaTexts as t } from './texts';

type Props = {
  /** Called with the stored image (e.g. to put it in the article). */
  onUploaded?: (item: MediaItem) => void;
  /** A smaller zone, inside a form. */
  compact?: boolean;
};

export function MediaUpload({ onUploaded, compact = false }: Props) {
  const upload = useUploadMedia();
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();

  const send = (file: File | undefined) => {
    if (!file) return;
    const wrong = fileProblem(file);
    setProblem(wrong);
    if (!wrong) upload.mutate(file, { onSuccess: (item) => onUploaded?.(item) });
  };

  return (
    <DropZone
      getDropOperation={(types) => (mediaUploadTypes.some((type) => types.has(type)) ? 'copy' : 'cancel')}
      onDrop={async (event) => {
        const item = event.items.find(isFileDropItem);
        send(item ? await item.getFile() : undefined);
      }}
      className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 text-center outline-none data-[drop-target]:border-accent-600 data-[drop-target]:bg-accent-400/10 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-400 ${compact ? 'p-3' : 'p-6'}`}
    >
      {!compact && <ImageUp className="size-8 text-slate-400" aria-hidden="true" />}
      <Text slot="label" className="text-sm text-slate-700">
        {t.dropHere}
      </Text>
      <FileTrigger acceptedFileTypes={[...mediaUploadTypes]} allowsMultiple={false} onSelect={(files) => send(files?.[0])}>
        <Button variant="outline" size="sm" isPending={upload.isPending} aria-describedby={hintId}>
          {!upload.isPending && <ImageUp className="size-4" aria-hidden="true" />}
          {upload.isPending ? t.uploading : t.upload}
        </Button>
      </FileTrigger>
      <p id={hintId} className={problem ? errorClass : 'text-xs text-slate-500'} role={problem ? 'alert' : undefined}>
        {problem ?? t.uploadHint}
      </p>
    </DropZone>
  );
}
