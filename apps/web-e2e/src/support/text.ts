/** `text` with every character a regular expression would read specially escaped. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern matching `text` literally (a title with brackets or dots), anywhere in a name. */
export const literally = (text: string) => new RegExp(escapeRegExp(text));
