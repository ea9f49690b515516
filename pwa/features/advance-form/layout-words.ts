// The words of the form's layout in the page's language: the domain's Spanish, or the ones the
// English page provides (texts.en.ts). Only the words change: keys and stored values stay the same.
import type { FieldSpec, SectionSpec } from '../../../domain';
import type { AdvanceFormLayoutWords, AdvanceFormTexts } from './texts';

type SectionNumber = keyof AdvanceFormLayoutWords['sections'];
type Option = keyof AdvanceFormLayoutWords['options'];

export function layoutWords(texts: AdvanceFormTexts) {
  const words = texts.layout;
  return {
    section: (section: SectionSpec): string => (words ? words.sections[section.number as SectionNumber] : section.title),
    /** The label as a person reads it, with ' *' when the field is required. */
    label: (spec: FieldSpec): string => (words ? words.labels[spec.key] : spec.label) + ('required' in spec && spec.required ? texts.requiredMark : ''),
    placeholder: (spec: FieldSpec): string | undefined => (words ? words.placeholders[spec.key] : 'placeholder' in spec ? spec.placeholder : undefined),
    option: (value: string): string => (words ? (words.options[value as Option] ?? value) : value),
  };
}

export type LayoutWords = ReturnType<typeof layoutWords>;
