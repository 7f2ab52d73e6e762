import { useSyncExternalStore } from 'react';

/** The open modal dialogs, newest last: what else must show inside the top one (toasts) follows it here. */
const open: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export const modalLayer = {
  opened: (dialog: HTMLDialogElement) => {
    open.push(dialog);
    notify();
  },
  closed: (dialog: HTMLDialogElement) => {
    const index = open.indexOf(dialog);
    if (index >= 0) open.splice(index, 1);
    notify();
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const top = () => open.at(-1) ?? null;

/** The open modal dialog on top, or null: re-renders when one opens or closes. */
export const useTopModal = (): HTMLDialogElement | null => useSyncExternalStore(subscribe, top, () => null);
