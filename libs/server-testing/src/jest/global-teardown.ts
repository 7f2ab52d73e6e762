import { infraHolder } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const infra = infraHolder.serverTestingInfra;
  infraHolder.serverTestingInfra = undefined;
  await infra?.stop();
}
