// No zod here: the web's first screen (the stored session) imports this constant and must not pull zod in with it.
/** The interface languages (issue 26): a profile's and an account's. */
export const UiLanguage = { English: 'en', Hindi: 'hi' } as const;
export type UiLanguage = (typeof UiLanguage)[keyof typeof UiLanguage];
