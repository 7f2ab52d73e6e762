import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The rendered width of an element, followed as it resizes, so a chart draws in CSS pixels and its labels keep
 * their size on a phone and a wide screen alike. `fallback` until measured (and where nothing measures: jsdom).
 */
export const useElementWidth = (ref: RefObject<HTMLElement | null>, fallback: number): number => {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = element.getBoundingClientRect().width;
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
};
