import { z } from 'zod';

/** DECISIONS 21: cookie choices are saved in this browser. */
export const COOKIE_PREFERENCES_KEY = 'cookiePreferences';

const CookiePreferencesSchema = z.object({ analytics: z.boolean(), marketing: z.boolean() });
export type CookiePreferences = z.infer<typeof CookiePreferencesSchema>;

/** SPEC 9: analytics on, marketing off. */
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = { analytics: true, marketing: false };

export const readCookiePreferences = (): CookiePreferences => {
  try {
    const parsed = CookiePreferencesSchema.safeParse(
      JSON.parse(window.localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? 'null'),
    );
    return parsed.success ? parsed.data : DEFAULT_COOKIE_PREFERENCES;
  } catch {
    return DEFAULT_COOKIE_PREFERENCES;
  }
};

/** False when storage is unavailable (privacy modes), so the page can say it was not saved. */
export const storeCookiePreferences = (preferences: CookiePreferences): boolean => {
  try {
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(preferences));
    return true;
  } catch {
    return false;
  }
};
