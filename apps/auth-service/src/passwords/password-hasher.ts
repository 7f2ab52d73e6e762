import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 iterations). */
@Injectable()
export class PasswordHasher {
  hash(secret: string): Promise<string> {
    return hash(secret);
  }

  verify(hashed: string, secret: string): Promise<boolean> {
    return verify(hashed, secret).catch(() => false);
  }
}
