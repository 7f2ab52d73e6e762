import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Profile, Strategy } from 'passport-google-oauth20';
import type { StrategyOptionsWithRequest } from 'passport-google-oauth20';
import { OAuthCode } from '@app/contracts';
import { AuthClient } from '../auth.client';
import { bindBrowser } from './browser-binding';
import { GOOGLE_OPTIONS } from './google-options';
import type { GoogleOptions } from './google-options';
import { CookieStateStore, type GoogleRequest } from './google-state.store';

export const GOOGLE_STRATEGY = 'google';

/** Google's OAuth 2.0 code flow (endpoints configurable for the local fake); the verified profile goes to auth-service. */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, GOOGLE_STRATEGY) {
  private readonly secureCookies: boolean;

  constructor(
    @Inject(GOOGLE_OPTIONS) options: GoogleOptions,
    private readonly auth: AuthClient,
  ) {
    super({
      clientID: options.clientId ?? '',
      clientSecret: options.clientSecret ?? '',
      callbackURL: new URL('/auth/google/callback', options.publicUrl).href,
      authorizationURL: options.authorizationUrl,
      tokenURL: options.tokenUrl,
      userProfileURL: options.userinfoUrl,
      scope: ['openid', 'email', 'profile'],
      store: new CookieStateStore(options.publicUrl.startsWith('https:')),
      passReqToCallback: true,
      // The typings overload `store` by arity; passport-oauth2 dispatches on `store.length` (3 here: req, meta, callback).
    } as unknown as StrategyOptionsWithRequest);
    // The access token goes to the userinfo endpoint as `Authorization: Bearer`, not in its query string (logs, proxies).
    this._oauth2.useAuthorizationHeaderforGET(true);
    this.secureCookies = options.publicUrl.startsWith('https:');
  }

  /** The code auth-service hands out is bound to this browser (browser-binding.ts). */
  validate(
    req: GoogleRequest,
    _accessToken: string,
    _refreshToken: string,
    profile: Profile,
  ): Promise<OAuthCode> {
    const email = profile.emails?.[0];
    const json = profile._json as { email_verified?: unknown };
    return this.auth.googleSignIn({
      googleId: profile.id,
      email: email?.value ?? '',
      emailVerified: json.email_verified === true || json.email_verified === 'true',
      displayName: profile.displayName || null,
      picture: profile.photos?.[0]?.value ?? null,
      browserBindingHash: bindBrowser(req.res, this.secureCookies),
    });
  }
}
