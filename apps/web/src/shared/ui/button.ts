import styles from './button.module.css';

type ButtonVariant = 'primary' | 'ghost';
type ButtonSize = 'sm' | 'md' | 'lg';
type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

/** Class names for anything that looks like a button: <button>, or a <Link> that navigates. */
export const buttonClass = ({ variant = 'primary', size = 'md', block = false }: ButtonStyle = {}): string =>
  [styles.button, styles[variant], styles[size], block ? styles.block : ''].filter(Boolean).join(' ');
