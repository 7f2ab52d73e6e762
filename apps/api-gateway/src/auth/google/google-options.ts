/** Google sign-in settings, taken from the gateway env (GOOGLE_*, PUBLIC_URL) in app.module. */
export type GoogleOptions = {
  clientId?: string;
  clientSecret?: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  publicUrl: string;
};

export const GOOGLE_OPTIONS = Symbol('GOOGLE_OPTIONS');

export const googleOptionsFrom = (env: {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_URL: string;
  GOOGLE_TOKEN_URL: string;
  GOOGLE_USERINFO_URL: string;
  PUBLIC_URL: string;
}): GoogleOptions => ({
  clientId: env.GOOGLE_CLIENT_ID || undefined,
  clientSecret: env.GOOGLE_CLIENT_SECRET,
  authorizationUrl: env.GOOGLE_AUTH_URL,
  tokenUrl: env.GOOGLE_TOKEN_URL,
  userinfoUrl: env.GOOGLE_USERINFO_URL,
  publicUrl: env.PUBLIC_URL,
});
