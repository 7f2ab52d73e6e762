import type { ReactNode } from 'react';
import styles from './MovieMeta.module.css';

/** The line under a title's name: year, genre, runtime and the like, each item its own <span>. */
export const MovieMeta = ({ children }: { children: ReactNode }) => <p className={styles.meta}>{children}</p>;
