import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import styles from './Card.module.css';

export type CardStyle = {
  /** Inner spacing: 'bar' for a one-line toolbar, 'none' when the content sits edge to edge (a poster). */
  padding?: 'none' | 'bar' | 'sm' | 'md';
  raised?: boolean;
  /** A stronger border, for the box that asks for an action. */
  strong?: boolean;
};

const paddings = { none: '', bar: styles.padBar, sm: styles.padSm, md: styles.padMd } as const;

/** Class names of a surface card, for an element that must keep its own tag and props (a <Link>, an <li>). */
export const cardClass = (
  { padding = 'md', raised = false, strong = false }: CardStyle = {},
  className?: string,
): string =>
  [styles.card, paddings[padding], raised && styles.raised, strong && styles.strong, className]
    .filter(Boolean)
    .join(' ');

type CardProps = HTMLAttributes<HTMLElement> &
  CardStyle & {
    /** The element to render: 'div' unless the card is an article, aside, section or list item. */
    as?: ElementType;
    children?: ReactNode;
  };

/** A bordered surface: the one look of cards, boxes and bars on every screen. */
export const Card = ({ as: Tag = 'div', padding, raised, strong, className, ...rest }: CardProps) => (
  <Tag {...rest} className={cardClass({ padding, raised, strong }, className)} />
);
