import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './Button.module.css';

type ButtonVariant = 'primary' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg';
export type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** Class names for anything that looks like a button but is not one: a <Link> that navigates. */
export const buttonClass = (
  { variant = 'primary', size = 'md', block = false }: ButtonStyle = {},
  className?: string,
): string => join(styles.button, styles[variant], styles[size], block && styles.block, className);

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle & { ref?: Ref<HTMLButtonElement> };

/** The one button of the app. `type` defaults to "button": a submit button says so. */
export const Button = ({ variant, size, block, className, type = 'button', ...button }: ButtonProps) => (
  <button {...button} type={type} className={buttonClass({ variant, size, block }, className)} />
);
