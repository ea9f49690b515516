// One photo of the advance form: one image per slot, checked (images only, at most 10 MB), compressed
// in the browser, uploaded, then shown as 'Foto subida' with a thumbnail. The field's value is the link.
import { useEffect, useId, useState } from 'react';
import { Camera, CheckCircle2, Trash2 } from 'lucide-react';
import { FileTrigger } from 'react-aria-components';
import { ApiError, isNetworkFailure } from '../../lib/api';
import { probeServer } from '../../offline/connection';
import { photoRefused } from '../../offline/photo-upload';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { errorClass, labelClass } from '../../ui/field-styles';
import { toast } from '../../ui/toast';
import { photoFileProblem, type AdvanceFormMode } from './api';
import { compressPhoto } from './compress-photo';
import { advanceFormTexts, type AdvanceFormTexts } from './texts';

export type PhotoSlotProps = {
  label: string;
  /** The form's words (Spanish unless the page gave others). */
  texts?: AdvanceFormTexts;
  /** The stored link ('/objects/uploads/{id}') or null. */
  value: string | null;
  onChange: (link: string | null) => void;
  mode: AdvanceFormMode;
  errorMessage?: string;
  /** The compressed photo, for the thumbnail (and for an offline draft that keeps it). */
  preview?: Blob | null;
  /** Puts the photo in the offline draft (or takes it out); a promise answers once the device holds it. */
  onPreviewChange?: (photo: Blob | null) => void | Promise<void>;
  onBusyChange?: (busy: boolean) => void;
  /** Uploads the reduced photo and answers its link (the form's uploader: once per photo, with progress). */
  upload: (photo: Blob) => Promise<string>;
  /** Each upload as it starts, settled with how it ended: 'Guardar' waits for it. */
  onUpload?: (done: Promise<PhotoUploadResult>) => void;
};

/** How a slot's upload ended: on the server, kept on the device for the queue, or refused (the slot says why). */
export type PhotoUploadResult = 'uploaded' | 'kept' | 'refused';

export function PhotoSlot({
  label,
  texts = advanceFormTexts,
  value,
  onChange,
  mode,
  errorMessage,
  preview,
  onPreviewChange,
  onBusyChange,
  upload,
  onUpload,
}: PhotoSlotProps) {
  const t = texts.photo;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = useObjectUrl(preview ?? null);
  // A photo the browser cannot show (a HEIC in Chromium, sent as it was since it could not be reduced).
  const [unshowable, setUnshowable] = useState<string | null>(null);
  const labelId = useId();
  const messageId = useId();
  // Staff may load the stored photo (a JPEG by then); a visitor's thumbnail comes from the file they picked.
  const fromDevice = previewUrl && previewUrl !== unshowable ? previewUrl : null;
  const thumbnail = fromDevice ?? (value && mode === 'admin' ? value : null);
  const shownError = problem ?? errorMessage;
  // The photo the device is known to hold: one shown when the slot opens came from the saved draft.
  const [saved, setSaved] = useState<Blob | null>(preview ?? null);
  /** Taken offline: kept on the device (its save there has answered), not uploaded yet. */
  const kept = !value && Boolean(preview) && saved === preview;
  const chooseText = busy ? t.uploading : value || kept ? t.replace : t.choose;

  function choose(files: FileList | null) {
    const chosen = files ? Array.from(files) : [];
    if (chosen.length === 0) return;
    if (chosen.length > 1) return setProblem(t.oneOnly);
    const file = chosen[0];
    const reason = photoFileProblem(file, t);
    if (reason) return setProblem(reason);
    const done = reduceAndUpload(file);
    onUpload?.(done);
    void done;
  }

  async function reduceAndUpload(file: File): Promise<PhotoUploadResult> {
    setProblem(null);
    setBusy(true);
    onBusyChange?.(true);
    let photo: Blob | null = null;
    let keeping: Promise<boolean> | null = null;
    try {
      photo = await compressPhoto(file);
      // In the draft before its upload starts (the draft keeps the photo with no link): closing the app
      // in the middle of an upload loses nothing, and the queue uploads it if this upload never ends.
      if (onPreviewChange) {
        onChange(null);
        keeping = keep(photo);
      }
      const link = await upload(photo);
      void keep(photo);
      onChange(link);
      toast({ title: t.toastTitle, description: t.toastText(label, file.name) });
      return 'uploaded';
    } catch (error) {
      // Not the photo's fault (no signal, no answer in time, the server down or busy, a session that
      // ended): the reduced photo stays in the draft and the queue uploads it. Only the server refusing
      // the photo itself takes it out. The slot says it is kept once the device holds it, not before.
      const notThePhoto = isNetworkFailure(error) || (error instanceof ApiError && !photoRefused(error));
      if (notThePhoto && photo && keeping && (await keeping)) {
        // The connection line above the form learns at once whether the server is there.
        if (!(error instanceof ApiError) || error.status >= 500) void probeServer();
        onChange(null);
        toast({ title: t.keptOffline, description: t.toastText(label, file.name) });
        return 'kept';
      }
      const message = error instanceof ApiError ? refusal(error) : isNetworkFailure(error) ? t.offline : t.failed;
      // The server refused this photo, or the device could not keep it: it leaves the draft again.
      if (photo) drop();
      setProblem(message);
      toast({ title: texts.errorTitle, description: message, variant: 'destructive' });
      return 'refused';
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  }

  /** Puts the photo in the draft; true once the device holds it, false when it could not be saved. */
  function keep(photo: Blob): Promise<boolean> {
    return Promise.resolve(onPreviewChange?.(photo)).then(
      () => (setSaved(photo), true),
      () => false,
    );
  }

  /** Takes the photo out of the draft (a failed save is already reported by the draft's own hook). */
  function drop() {
    void Promise.resolve(onPreviewChange?.(null)).catch(() => undefined);
  }

  /** The server's Spanish reason, or on a page in another language its own words for the usual refusals. */
  function refusal(error: ApiError): string {
    if (!texts.ownErrors) return error.serverMessage ?? t.failed;
    if (error.status === 413) return t.tooLarge;
    if (error.status === 415) return t.notAnImage;
    if (error.status === 422) return t.unreadable;
    if (error.status === 400) return t.tooManyPixels;
    return t.failed;
  }

  function remove() {
    setProblem(null);
    drop();
    onChange(null);
  }

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={messageId}
      className="flex flex-col gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3"
    >
      <span id={labelId} className={labelClass}>
        {label}
      </span>
      {(value || kept) && (
        <div className="flex items-center gap-3">
          {thumbnail && (
            <img
              src={thumbnail}
              alt={t.thumbnailAlt(label)}
              onError={() => thumbnail === previewUrl && setUnshowable(previewUrl)}
              className="size-20 rounded-md border border-slate-200 bg-white object-cover"
            />
          )}
          <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {value ? t.uploaded : t.keptOffline}
          </p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {/* HEIC by name too: where the system does not know the format, 'image/*' would hide the phone's photos. */}
        <FileTrigger acceptedFileTypes={['image/*', '.heic', '.heif']} allowsMultiple={false} onSelect={choose}>
          <Button
            variant="outline"
            size="sm"
            isDisabled={busy}
            // The visible words first, then which photo: 'Seleccionar foto: Foto de la zona segura'.
            aria-label={`${chooseText}: ${label}`}
            aria-describedby={messageId}
            aria-invalid={shownError ? true : undefined}
          >
            {busy ? <Spinner className="size-4" /> : <Camera className="size-4" aria-hidden="true" />}
            {chooseText}
          </Button>
        </FileTrigger>
        {(value || kept) && !busy && (
          <Button variant="ghost" size="sm" onPress={remove} aria-label={`${t.remove}: ${label}`}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t.remove}
          </Button>
        )}
      </div>
      <p id={messageId} className={shownError ? errorClass : 'text-xs text-slate-500'} role={shownError ? 'alert' : undefined}>
        {shownError ?? t.hint}
      </p>
    </div>
  );
}

/** An object URL for a blob, revoked when the blob changes or the slot goes away. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
