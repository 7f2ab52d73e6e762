import 'reflect-metadata';
import { parseEnv } from '@app/server-core';
import { envSchema } from './env';
import { createGateway } from './gateway';

const main = async () => {
  const env = parseEnv(envSchema);
  const app = await createGateway(env);
  await app.listen(env.PORT, env.HOST);
  process.stdout.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'info', service: 'api-gateway', msg: 'ready', port: env.PORT })}\n`,
  );
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
