import { Injectable } from '@nestjs/common';
import { InjectEnv, Mailer, mailIn, mailTime } from '@app/server-core';
import type { DeviceDescription, MailTexts } from '@app/server-core';
import { BackgroundTasks } from '../background/background-tasks';
import type { Env } from '../env';
import { StoredUser, UsersRepository } from '../users/users.repository';

/** How many devices an account remembers for the new-device mail (the newest). */
export const KNOWN_DEVICES_LIMIT = 20;

/** A sign-in's traces that are the owner's to see: what, when, from where. */
export type SignIn = { user: StoredUser; device: DeviceDescription; clientIp?: string; at: Date };

type NewDeviceFacts = { username: string; device: string; at: Date; clientIp?: string; resetLink: string };

/** What the mail says, in the account's language (issue 26). */
const texts: MailTexts<NewDeviceFacts> = {
  en: ({ username, device, at, clientIp, resetLink }) => ({
    subject: 'New sign-in to your Streamly account',
    lines: [
      `Hello ${username},`,
      '',
      'Your Streamly account was just signed in to from a device it has not used before:',
      '',
      `Device: ${device}`,
      `When: ${mailTime(at)}`,
      `From address: ${clientIp ?? 'unknown'}`,
      '',
      'If this was you, there is nothing to do.',
      '',
      'If it was not you, change your password now (every device is signed out when you do):',
      resetLink,
      'Then check Profile → Devices for any device you do not recognise.',
      '',
      'Streamly',
    ],
  }),
  hi: ({ username, device, at, clientIp, resetLink }) => ({
    subject: 'आपके Streamly खाते में नया साइन-इन',
    lines: [
      `नमस्ते ${username},`,
      '',
      'आपके Streamly खाते में अभी एक ऐसे डिवाइस से साइन इन हुआ है जिससे पहले कभी नहीं हुआ था:',
      '',
      `डिवाइस: ${device}`,
      `कब: ${mailTime(at, 'hi')}`,
      `पता (IP): ${clientIp ?? 'अज्ञात'}`,
      '',
      'अगर यह आप थे, तो कुछ करने की ज़रूरत नहीं है।',
      '',
      'अगर यह आप नहीं थे, तो अभी अपना पासवर्ड बदलें (ऐसा करते ही हर डिवाइस साइन आउट हो जाता है):',
      resetLink,
      'फिर प्रोफ़ाइल → डिवाइस में देखें कि कोई अनजान डिवाइस तो नहीं है।',
      '',
      'Streamly',
    ],
  }),
};

/**
 * Issue 27: a sign-in from a device the account has not signed in from before is mailed to its owner, with what to
 * do when it was not them. Not on the account's very first sign-in (nothing to compare with). After the answer,
 * like every auth mail: a sign-in is not slowed by SMTP.
 */
@Injectable()
export class NewDeviceMail {
  constructor(
    private readonly users: UsersRepository,
    private readonly mailer: Mailer,
    private readonly background: BackgroundTasks,
    @InjectEnv() private readonly env: Env,
  ) {}

  noteLater(signIn: SignIn): void {
    this.background.run('new device mail', () => this.note(signIn));
  }

  private async note({ user, device, clientIp, at }: SignIn): Promise<void> {
    const seen = await this.users.rememberDevice(
      user._id.toHexString(),
      device.fingerprint,
      KNOWN_DEVICES_LIMIT,
    );
    if (seen !== 'new') return;
    await this.mailer.send(
      mailIn(texts, user.language, user.email, {
        username: user.username,
        device: device.label,
        at,
        clientIp,
        resetLink: new URL('/forgot-password', this.env.PUBLIC_URL).href,
      }),
    );
  }
}
