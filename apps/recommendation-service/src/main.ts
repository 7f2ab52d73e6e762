import 'reflect-metadata';
import { bootstrapService, parseEnv } from '@app/server-core';
import { AppModule } from './app.module';
import { envSchema } from './env';

const env = parseEnv(envSchema);
void bootstrapService({ name: 'recommendation-service', module: AppModule.register(env), env }).catch(
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
