import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styles from './Tabs.module.css';

type TabsProps<Tab extends string> = {
  /** The tab list's accessible name. */
  label: string;
  /** The tabs, in order, and the name each shows. */
  tabs: readonly Tab[];
  names: Readonly<Record<Tab, string>>;
  active: Tab;
  onSelect: (tab: Tab) => void;
  /** 'vertical': a side menu beside its panel, a row above it on phones. */
  orientation?: 'horizontal' | 'vertical';
  /** The tab list's own placement on its page. */
  className?: string;
  panelClassName?: string;
  /** The active tab's panel. */
  children: ReactNode;
};

const step = (key: string, vertical: boolean): -1 | 1 | null => {
  if (key === 'ArrowRight' || (vertical && key === 'ArrowDown')) return 1;
  if (key === 'ArrowLeft' || (vertical && key === 'ArrowUp')) return -1;
  return null;
};

/**
 * A tab list and the active tab's panel (the WAI-ARIA tabs pattern): arrows move between the tabs and select them,
 * wrapping around; Home and End jump to the ends. The list and the panel are siblings: the page lays them out. On a
 * narrow screen the list scrolls sideways rather than cutting or wrapping its names.
 */
export const Tabs = <Tab extends string>({
  label,
  tabs,
  names,
  active,
  onSelect,
  orientation = 'horizontal',
  className,
  panelClassName,
  children,
}: TabsProps<Tab>) => {
  const baseId = useId();
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const vertical = orientation === 'vertical';
  const tabId = (tab: Tab) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(active);
    const by = step(event.key, vertical);
    const next =
      by !== null
        ? tabs[(index + by + tabs.length) % tabs.length]
        : event.key === 'Home'
          ? tabs[0]
          : event.key === 'End'
            ? tabs[tabs.length - 1]
            : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    buttons.current[next]?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation={orientation}
        className={[styles.list, vertical ? styles.vertical : styles.horizontal, className]
          .filter(Boolean)
          .join(' ')}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              buttons.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={tab === active}
            aria-controls={panelId}
            tabIndex={tab === active ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab)}
          >
            {names[tab]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(active)}
        tabIndex={0}
        className={panelClassName}
      >
        {children}
      </div>
    </>
  );
};
