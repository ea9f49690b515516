// The advance form itself, for both screens (public and admin): the six sections of the domain's
// layout, validated with the domain's schema, sent with a submit function given from outside. Its
// words are the page's (useTexts): Spanish, or English on /en/advance-form, where the schema is built
// with English messages; the values it sends are the same in both.
// Its state is react-hook-form's, with values of type AdvanceFormValues, so an offline draft can
// preload it (initialValues, initialPhotos) and follow it (onValuesChange, onPhotoChange).
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  advanceFormSchema,
  advanceFormSections,
  newAdvanceFormDefaults,
  photoFields,
  type AdvanceFormInput,
  type AdvanceFormValues,
  type PhotoField,
  type SiteLanguage,
} from '../../../domain';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Honeypot } from '../../ui/Honeypot';
import { toast } from '../../ui/toast';
import { avoidToasts } from '../../ui/toast-placement';
import { useLang, useLocalePath } from '../../i18n/lang';
import { useTexts } from '../../i18n/texts';
import { AdvanceFormField, type FieldContext } from './AdvanceFormField';
import { submitAdvanceForm, type AdvanceFormMode } from './api';
import { layoutWords } from './layout-words';
import type { PhotoUploadResult } from './PhotoSlot';
import { UploadProgress } from './QueueStatus';
import { advanceFormTexts } from './texts';
import { queuedForLater } from '../../offline/use-advance-form-draft';
import { uploadPhotoBytes } from '../../offline/photo-upload';
import { finishUpload, photoUploadsAtom, reportUpload, summarizeUploads } from '../../offline/queue-state';

export const dashboardPath = '/admin/dashboard';

export type AdvanceFormProps = {
  mode: AdvanceFormMode;
  /** Values to start from (a draft); a new form otherwise. Change the component's key to load others. */
  initialValues?: AdvanceFormValues;
  /** The compressed photos of a draft, for the slots' thumbnails. */
  initialPhotos?: Partial<Record<PhotoField, Blob>>;
  /** Called on every change with all the values (to save a draft as the person types). */
  onValuesChange?: (values: AdvanceFormValues) => void;
  /** Called when a slot gets (or loses) its compressed photo; a promise answers once the draft on the device holds the change. */
  onPhotoChange?: (field: PhotoField, photo: Blob | null) => void | Promise<void>;
  /** Sends the validated form; submitAdvanceForm by default. Throwing ApiError shows its message; resolving to 'queued' (offline) skips the success toast. */
  submit?: (input: AdvanceFormInput, mode: AdvanceFormMode) => Promise<unknown>;
  /** After a successful send; by default the required toast and navigation. */
  onSubmitted?: () => void;
  /** The site edition the form is sent from ('en' on /en/advance-form); left out, Spanish. */
  language?: SiteLanguage;
  /** The draft's id: its photos' uploads are shown under it. */
  draftId?: string;
  /** Uploads a slot's reduced photo and answers its link; by default straight to the server, with progress. */
  uploadPhoto?: (field: PhotoField, photo: Blob) => Promise<string>;
};

const defaultSubmit = (input: AdvanceFormInput, mode: AdvanceFormMode) => submitAdvanceForm(input, { mode });

export function AdvanceForm({
  mode,
  initialValues,
  initialPhotos,
  onValuesChange,
  onPhotoChange,
  submit = defaultSubmit,
  onSubmitted,
  language,
  draftId,
  uploadPhoto,
}: AdvanceFormProps) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const t = useTexts('advanceForm', advanceFormTexts);
  const words = layoutWords(t);
  const localePath = useLocalePath();
  // 'Cancelar' leaves the way the screen came: staff to the dashboard, a visitor to the home page of
  // the site's edition ('/' or '/en').
  const lang = useLang();
  const cancelPath = mode === 'public' || lang === 'en' ? localePath('/') : dashboardPath;
  const resolver = useMemo(() => zodResolver(advanceFormSchema(t.messages)), [t.messages]);
  const form = useForm<AdvanceFormValues, unknown, AdvanceFormInput>({
    resolver,
    defaultValues: initialValues ?? newAdvanceFormDefaults(),
    shouldFocusError: true,
  });
  const { control, handleSubmit, register, setError, setFocus, watch, formState, getValues } = form;
  const [photos, setPhotos] = useState<Partial<Record<PhotoField, Blob | null>>>(initialPhotos ?? {});
  // Uploads under way, so 'Guardar' can wait for them (and say so) instead of sending a form without its photos.
  const inFlight = useRef(new Map<PhotoField, Promise<PhotoUploadResult>>());
  const [waitingForUploads, setWaitingForUploads] = useState(false);
  const ownKey = useId();
  const uploadsKey = draftId ?? ownKey;
  const uploads = summarizeUploads(useAtomValue(photoUploadsAtom), uploadsKey);
  const actionsRef = useRef<HTMLDivElement>(null);
  useEffect(() => (actionsRef.current ? avoidToasts(actionsRef.current) : undefined), []);

  const directUpload = useCallback(
    (field: PhotoField, photo: Blob) => {
      reportUpload(uploadsKey, field, 0, photo.size);
      return uploadPhotoBytes(photo, mode, { onProgress: (loaded, total) => reportUpload(uploadsKey, field, loaded, total) }).finally(() =>
        finishUpload(uploadsKey, field),
      );
    },
    [mode, uploadsKey],
  );

  // The latest callback without resubscribing on every render of the parent.
  const valuesListener = useRef(onValuesChange);
  valuesListener.current = onValuesChange;
  useEffect(() => {
    const subscription = watch((values) => valuesListener.current?.(values as AdvanceFormValues));
    return () => subscription.unsubscribe();
  }, [watch]);

  const context: FieldContext = {
    control,
    mode,
    texts: t,
    words,
    photos,
    onPhotoChange: (field, photo) => {
      setPhotos((current) => ({ ...current, [field]: photo }));
      return onPhotoChange?.(field, photo);
    },
    uploadPhoto: uploadPhoto ?? directUpload,
    onUpload: (field, done) => {
      inFlight.current.set(field, done);
      void done.finally(() => inFlight.current.get(field) === done && inFlight.current.delete(field));
    },
  };

  /** Until every photo chosen so far has settled; false when the server refused one (its slot says why). */
  async function photosSettled(): Promise<boolean> {
    let refused = false;
    while (inFlight.current.size > 0) {
      setWaitingForUploads(true);
      const results = await Promise.all([...inFlight.current.values()]);
      refused ||= results.includes('refused');
    }
    setWaitingForUploads(false);
    return !refused;
  }

  async function send(validated: AdvanceFormInput) {
    let input = validated;
    if (inFlight.current.size > 0) {
      if (!(await photosSettled())) return;
      // The links that arrived while 'Guardar' waited.
      const current = getValues();
      input = { ...input, ...Object.fromEntries(photoFields.map((field) => [field, current[field] ?? null])) };
    }
    let result: unknown;
    try {
      result = await submit(language ? { ...input, language } : input, mode);
    } catch (error) {
      showServerErrors(error);
      return;
    }
    // Queued offline (an offline draft): the queue's own toast says so; no success toast, but leave the form.
    if (result === queuedForLater) return navigate(mode === 'public' ? localePath('/') : dashboardPath);
    if (onSubmitted) return onSubmitted();
    if (mode === 'public') {
      toast({ title: t.publicSuccessTitle, description: t.publicSuccessText });
      navigate(localePath('/'));
    } else {
      toast({ title: t.adminSuccessTitle });
      await queryClient.invalidateQueries({ queryKey: ['/api/advance-forms'] });
      navigate(dashboardPath);
    }
  }

  function showServerErrors(error: unknown) {
    const serverMessage = error instanceof ApiError ? error.serverMessage : null;
    // The server speaks Spanish: a page in another language says it in its own words.
    const description = t.ownErrors ? (error instanceof ApiError ? t.ownErrors.sendFailed : t.errorFallback) : (serverMessage ?? t.errorFallback);
    toast({ title: t.errorTitle, description, variant: 'destructive' });
    if (!(error instanceof ApiError)) return;
    const fields = Object.entries(error.fieldErrors).filter(([name]) => name in newAdvanceFormDefaults());
    fields.forEach(([name, message]) => setError(name as keyof AdvanceFormValues, { type: 'server', message: t.ownErrors?.serverFieldError ?? message }));
    if (fields.length) setFocus(fields[0][0] as keyof AdvanceFormValues);
  }

  const saving = formState.isSubmitting;
  return (
    // POST: a press on 'Guardar' before any script ran would otherwise put the answers in the address.
    <form method="post" noValidate onSubmit={handleSubmit(send)} className="flex flex-col gap-6" aria-busy={saving}>
      {advanceFormSections.map((section) => (
        <section
          key={section.number}
          aria-labelledby={`section-${section.number}`}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id={`section-${section.number}`} className="mb-4 text-lg font-bold text-navy-900 sm:text-xl">
            {t.sectionHeading(section.number, words.section(section))}
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            {section.fields.map((spec) => (
              <AdvanceFormField key={spec.key} spec={spec} context={context} />
            ))}
          </div>
        </section>
      ))}
      <Honeypot label={t.honeypot} field={register('website')} />
      {uploads && <UploadProgress summary={uploads} texts={t.status} lead={waitingForUploads ? t.status.saveWaits : undefined} />}
      <div ref={actionsRef} className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" size="lg" onPress={() => navigate(cancelPath)} isDisabled={saving}>
          {t.cancel}
        </Button>
        <Button type="submit" size="lg" isPending={saving}>
          {saving ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
