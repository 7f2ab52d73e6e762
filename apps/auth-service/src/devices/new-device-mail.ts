import { Injectable } from '@nestjs/common';
import { InjectEnv, Mailer } from '@app/server-core';
import { BackgroundTasks } from '../background/background-tasks';
import type { Env } from '../env';
import { StoredUser, UsersRepository } from '../users/users.repository';
import type { DeviceDescription } from './device-label';

/** How many devices an account remembers for the new-device mail (the newest). */
export const KNOWN_DEVICES_LIMIT = 20;

/** "27 November 2026, 11:45 pm IST": viewers are in India, whatever the server's zone. */
export const istTime = (at: Date) =>
  `${at.toLocaleString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Asia/Kolkata',
  })} IST`;

/** A sign-in's traces that are the owner's to see: what, when, from where. */
export type SignIn = { user: StoredUser; device: DeviceDescription; clientIp?: string; at: Date };

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
    await this.mailer.send({
      to: user.email,
      subject: 'New sign-in to your Streamly account',
      text: [
        `Hello ${user.username},`,
        '',
        'Your Streamly account was just signed in to from a device it has not used before:',
        '',
        `Device: ${device.label}`,
        `When: ${istTime(at)}`,
        `From address: ${clientIp ?? 'unknown'}`,
        '',
        'If this was you, there is nothing to do.',
        '',
        'If it was not you, change your password now (every device is signed out when you do):',
        new URL('/forgot-password', this.env.PUBLIC_URL).href,
        'Then check Profile → Devices for any device you do not recognise.',
        '',
        'Streamly',
      ].join('\n'),
    });
  }
}
