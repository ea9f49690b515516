// A button (react-aria: presses from mouse, touch and keyboard alike, visible focus ring).
// For a link that looks like a button, use buttonClass() on a wouter <Link> or an <a>.
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-styles';
import { Spinner } from './Spinner';

export type ButtonProps = Omit<AriaButtonProps, 'className' | 'children'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children?: React.ReactNode;
};

/** `isPending` disables the button and shows a spinner beside its text ('Enviando...', 'Guardando...'). */
export function Button({ variant = 'primary', size = 'md', className = '', children, isPending, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} isPending={isPending} className={buttonClass(variant, size, className)}>
      {isPending && <Spinner className="size-4" />}
      {children}
    </AriaButton>
  );
}
