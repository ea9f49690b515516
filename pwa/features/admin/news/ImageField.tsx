// The article's image in the news dialog: 'Subir imagen' (a file chosen or dropped, stored in Medios) or
// 'Elegir de Medios', shown as a thumbnail with 'Quitar imagen', and its description, required with an
// image (docs/media.md). An older article's https image is shown as it is until it is replaced.
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { ImageOff, Images } from 'lucide-react';
import { pictureOf, type NewsArticleFormValues, type NewsArticleInput } from '../../../../domain';
import { Button } from '../../../ui/Button';
import { labelClass } from '../../../ui/field-styles';
import { FormTextField } from '../common/form-fields';
import { MediaPickerDialog } from '../media/MediaPickerDialog';
import { MediaUpload } from '../media/MediaUpload';
import { imageFieldTexts as t } from './texts';

/** A small copy for the preview: the library's 480 px WebP, or the address itself. */
function previewOf(image: string): string {
  const smallest = pictureOf(image)
    ?.sources.find((source) => source.type === 'image/webp')
    ?.srcSet.split(' ')[0];
  return smallest ?? image;
}

export function ImageField({ control }: { control: Control<NewsArticleFormValues, unknown, NewsArticleInput> }) {
  const [picking, setPicking] = useState(false);
  return (
    <Controller
      control={control}
      name="image"
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
            <legend className={`${labelClass} px-1`}>{t.legend}</legend>
            {value ? (
              <div className="flex flex-wrap items-start gap-3">
                <img src={previewOf(value)} alt={t.current} className="h-24 w-40 rounded-md border border-slate-200 bg-slate-100 object-cover" />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <p className="text-sm break-all text-slate-600">{pictureOf(value) ? t.fromLibrary : t.external(value)}</p>
                  <div>
                    <Button variant="ghost" size="sm" onPress={() => field.onChange('')}>
                      <ImageOff className="size-4" aria-hidden="true" />
                      {t.remove}
                    </Button>
                  </div>
                </div>
              </div>
            ) : (
              <p className="text-sm text-slate-600">{t.none}</p>
            )}
            <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
              <MediaUpload compact onUploaded={(item) => field.onChange(item.url)} />
              <Button variant="outline" size="sm" onPress={() => setPicking(true)}>
                <Images className="size-4" aria-hidden="true" />
                {t.choose}
              </Button>
            </div>
            {fieldState.error && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {fieldState.error.message}
              </p>
            )}
            <FormTextField control={control} name="imageAlt" label={t.alt} description={t.altHint} isRequired={Boolean(value)} />
            <MediaPickerDialog isOpen={picking} onOpenChange={setPicking} onChoose={(item) => field.onChange(item.url)} />
          </fieldset>
        );
      }}
    />
  );
}
