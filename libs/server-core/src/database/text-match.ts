const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A Mongo condition: the field contains `text`, whatever its case (a filter typed by a person, never a pattern). */
export const containsText = (text: string) => ({ $regex: escapeRegex(text), $options: 'i' });

/** A Mongo condition: the field is `text`, whatever its case (collations would do, but the test stand-in ignores them). */
export const equalsText = (text: string) => ({ $regex: `^${escapeRegex(text)}$`, $options: 'i' });
