import {
  DeclareAgeRequestSchema,
  ParentalMessages,
  ParentalSettingsSchema,
  UpdateParentalRequestSchema,
} from '../parental';
import { json, kidsRefused, route } from './route';

/**
 * Issue 25 (DECISIONS 37): the account's parental controls. The account comes from the session; a kids profile may
 * neither read nor change them. Playback enforces them (`POST /api/playback/{id}` with `parentalPin`).
 */
export const ParentalRoutes = {
  settings: route({
    method: 'get',
    path: '/api/parental',
    tag: 'profiles',
    access: 'user',
    summary:
      "The account's parental controls: whether a PIN is set, the class from which it is asked, and whether the account holder declared being 18 or older",
    notForKids: 'parental',
    ok: json(200, ParentalSettingsSchema),
    errors: { 403: kidsRefused('parental') },
  }),
  update: route({
    method: 'put',
    path: '/api/parental',
    tag: 'profiles',
    access: 'user',
    summary:
      'Sets or changes the 4-digit parental PIN (which also resets its wrong tries) and/or the class from which it is asked, after the account password (or the code POST /api/auth/forgot-password mailed)',
    notForKids: 'parental',
    body: UpdateParentalRequestSchema,
    ok: json(200, ParentalSettingsSchema),
    errors: {
      400: `Invalid input, or ${ParentalMessages.codeInvalid}`,
      403: `${ParentalMessages.wrongPassword}; or ${ParentalMessages.proofRequired}; or ${kidsRefused('parental')}`,
      429: 'Too many wrong passwords: wait (it grows with each one)',
    },
  }),
  declareAge: route({
    method: 'post',
    path: '/api/parental/age',
    tag: 'profiles',
    access: 'user',
    summary:
      "The account holder's date of birth, declared once (at the first A playback): 18 or older lets A titles play",
    notForKids: 'parental',
    body: DeclareAgeRequestSchema,
    ok: json(200, ParentalSettingsSchema),
    errors: {
      400: `Invalid input, or ${ParentalMessages.futureDate}`,
      403: `${ParentalMessages.underAge}; or ${kidsRefused('parental')}`,
    },
  }),
} as const;
