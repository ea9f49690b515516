// The answers of an advance form as a reader sees them: yes/no as Sí/No, details only under a switch
// that is on, the first-aid kit level in brackets, '—' for an empty optional value.
import { yesNoLabel, type FieldSpec, type SectionSpec } from '../advance-form-layout';
import { formatCalendarDay, isValidCalendarDay } from '../dates';
import type { AdvanceFormData, PhotoField } from '../schemas/advance-form';

export const emptyAnswer = '—';

export type Answer =
  { kind: 'text'; label: string; value: string; detail: boolean } | { kind: 'photo'; field: PhotoField; label: string; link: string | null; detail: boolean };

type SwitchSpec = Extract<FieldSpec, { kind: 'switch' }>;

export function sectionAnswers(section: SectionSpec, form: AdvanceFormData): Answer[] {
  return section.fields.flatMap((field) => fieldAnswers(field, form, false));
}

function fieldAnswers(field: FieldSpec, form: AdvanceFormData, detail: boolean): Answer[] {
  const value: unknown = form[field.key];
  if (field.kind === 'photo') {
    const link = typeof value === 'string' && value !== '' ? value : null;
    return [{ kind: 'photo', field: field.key as PhotoField, label: field.label, link, detail }];
  }
  if (field.kind !== 'switch') return [{ kind: 'text', label: field.label, value: formatAnswer(field, value), detail }];

  const bracketed = bracketedDetail(field);
  const level = bracketed && value ? formatAnswer(bracketed, form[bracketed.key]) : emptyAnswer;
  const answer = yesNoLabel(value) + (level === emptyAnswer ? '' : ` [${level}]`);
  const head: Answer = { kind: 'text', label: field.label, value: answer, detail };
  if (!value) return [head];
  const details = field.details.filter((d) => d !== bracketed);
  return [head, ...details.flatMap((d) => fieldAnswers(d, form, true))];
}

/** A switch whose one detail is a choice (the first-aid kit level) reads 'Sí [Intermedio]'. */
function bracketedDetail(field: SwitchSpec): FieldSpec | undefined {
  const [only, ...others] = field.details;
  return only?.kind === 'select' && others.length === 0 ? only : undefined;
}

function formatAnswer(field: FieldSpec, value: unknown): string {
  if (value === null || value === undefined) return emptyAnswer;
  if (typeof value === 'boolean') return yesNoLabel(value);
  if (field.kind === 'date') return formatEventDay(String(value));
  const text = String(value).trim();
  return text === '' ? emptyAnswer : text;
}

/** '5 de marzo, 2024'; a draft may not have its day yet, which must not stop the document. */
export function formatEventDay(day: string): string {
  return isValidCalendarDay(day.slice(0, 10)) ? formatCalendarDay(day) : emptyAnswer;
}
