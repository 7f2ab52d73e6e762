import type { Language } from './languages';

type Listener = (language: Language) => void;

const listeners = new Set<Listener>();

/**
 * Who else keeps the visitor's choice of language besides this device (issue 26: the signed-in account, so its
 * mails follow): `listener` hears every switch the visitor makes, until the answered function is called.
 */
export const onLanguageChosen = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const announceLanguageChosen = (language: Language) => {
  for (const listener of listeners) listener(language);
};
