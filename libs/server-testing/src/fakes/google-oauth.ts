export type GoogleIdentity = {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
};

export type GoogleOAuthFake = {
  env: {
    GOOGLE_CLIENT_ID: string;
    GOOGLE_CLIENT_SECRET: string;
    GOOGLE_AUTH_URL: string;
    GOOGLE_TOKEN_URL: string;
    GOOGLE_USERINFO_URL: string;
  };
  stop(): Promise<void>;
};

export const DEFAULT_GOOGLE_IDENTITY: GoogleIdentity = {
  sub: 'google-demo-0001',
  email: 'google.viewer@streamly.test',
  email_verified: true,
  name: 'Google Viewer',
};

/**
 * Google's OAuth 2.0 endpoints played by oauth2-mock-server (authorize redirects straight back with a
 * code; token; userinfo). The identity is `DEFAULT_GOOGLE_IDENTITY` unless the authorize request carries
 * `login_hint=<email>`, which signs in as that (verified) address, so each test can use a fresh account.
 */
export const startGoogleOAuthFake = async ({
  identity = DEFAULT_GOOGLE_IDENTITY,
}: { identity?: GoogleIdentity } = {}): Promise<GoogleOAuthFake> => {
  // ESM-only package: loaded on demand.
  const { OAuth2Server } = await import('oauth2-mock-server');
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const identityByCode = new Map<string, GoogleIdentity>();
  const identityByToken = new Map<string, GoogleIdentity>();
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { url?: string }) => {
    const hint = new URL(req.url ?? '/', 'http://fake').searchParams.get('login_hint');
    const code = redirect.url.searchParams.get('code');
    if (hint && code) {
      const local = hint.split('@')[0];
      identityByCode.set(code, {
        sub: `google-${local}`,
        email: hint.toLowerCase(),
        email_verified: true,
        name: local,
      });
    }
  });
  server.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown> }, req: { body?: Record<string, string> }) => {
      const found = req.body?.code ? identityByCode.get(req.body.code) : undefined;
      if (found && typeof response.body.access_token === 'string')
        identityByToken.set(response.body.access_token, found);
    },
  );
  server.service.on(
    'beforeUserinfo',
    (response: { body: Record<string, unknown> }, req: { headers: Record<string, string | undefined> }) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      response.body = { ...(identityByToken.get(token) ?? identity) };
    },
  );
  const base = server.issuer.url ?? '';
  return {
    env: {
      GOOGLE_CLIENT_ID: 'streamly-dev-client',
      GOOGLE_CLIENT_SECRET: 'streamly-dev-secret',
      GOOGLE_AUTH_URL: `${base}/authorize`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
    stop: () => server.stop(),
  };
};
