import { DynamicModule, Inject, Module } from '@nestjs/common';

/** The parsed environment of the app (its own `Env` type); the only way settings reach providers. */
export const ENV = Symbol('ENV');

/** `@InjectEnv() env: Env`: each app pairs it with its own `Env` type from its env.ts. */
export const InjectEnv = () => Inject(ENV);

/** Provides the environment `env.ts` parsed at boot as `ENV`, everywhere (global). */
@Module({})
export class EnvModule {
  static forRoot(env: object): DynamicModule {
    return { module: EnvModule, global: true, providers: [{ provide: ENV, useValue: env }], exports: [ENV] };
  }
}
