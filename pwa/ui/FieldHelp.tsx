// What every form control shows under its input: the help text, then the error message. Inside a
// react-aria field, which ties both to the input for screen readers (aria-describedby).
import { FieldError, Text } from 'react-aria-components';
import { descriptionClass, errorClass } from './field-styles';

export function FieldHelp({ description, errorMessage }: { description?: string; errorMessage?: string }) {
  return (
    <>
      {description && (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      )}
      <FieldError className={errorClass}>{errorMessage}</FieldError>
    </>
  );
}
