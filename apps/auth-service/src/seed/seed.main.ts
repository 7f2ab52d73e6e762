import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { JsonLogger, parseEnv } from '@app/server-core';
import { AppModule } from '../app.module';
import { envSchema } from '../env';
import { PasswordHasher } from '../passwords/password-hasher';
import { UsersRepository } from '../users/users.repository';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts';

/** `node dist/apps/auth-service/seed.js`: the demo admin and viewer, idempotently. */
const main = async () => {
  const env = parseEnv(envSchema);
  const app = await NestFactory.createApplicationContext(AppModule.register(env, { consumeEvents: false }), {
    logger: new JsonLogger('auth-seed', 'warn'),
  });
  try {
    await app.init();
    const added = await seedDemoAccounts(app.get(UsersRepository), app.get(PasswordHasher));
    const lines = DEMO_ACCOUNTS.map(
      ({ role, email, password }) => `  ${role.padEnd(5)}  ${email} / ${password}`,
    );
    process.stderr.write(`Demo accounts (${added} added):\n${lines.join('\n')}\n`);
  } finally {
    await app.close();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
