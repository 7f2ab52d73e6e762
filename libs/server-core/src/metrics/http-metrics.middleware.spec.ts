import type { CanActivate, INestApplication } from '@nestjs/common';
import { Controller, Get, Module, Param, UseGuards } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MetricsModule } from './metrics.module';

class Refuse implements CanActivate {
  canActivate() {
    return false;
  }
}

@Controller()
class ThingsController {
  @Get('things/:id')
  thing(@Param('id') id: string) {
    return { id };
  }

  @Get('broken')
  broken(): never {
    throw new Error('on fire');
  }

  @Get('guarded')
  @UseGuards(Refuse)
  guarded() {
    return 'never';
  }
}

@Module({ imports: [MetricsModule], controllers: [ThingsController] })
class ThingsModule {}

describe('HTTP request timings', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    app = await NestFactory.create(ThingsModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(() => app?.close());

  /** `request_duration_seconds_count` by its labels, as Prometheus scrapes it. */
  const counts = async () => {
    const text = await (await fetch(`${url}/metrics`)).text();
    return Object.fromEntries(
      text
        .split('\n')
        .filter((line) => line.startsWith('request_duration_seconds_count{'))
        .map((line) => [line.slice(line.indexOf('{'), line.lastIndexOf(' ')), Number(line.split(' ').pop())]),
    );
  };

  it('counts every answered request by route template and outcome, refusals and unknown paths included', async () => {
    for (const path of ['/things/1', '/things/2', '/broken', '/guarded', '/nowhere'])
      await fetch(`${url}${path}`);

    expect(await counts()).toEqual({
      '{transport="http",route="/things/:id",outcome="ok"}': 2,
      '{transport="http",route="/broken",outcome="error"}': 1,
      '{transport="http",route="/guarded",outcome="error"}': 1,
      '{transport="http",route="unmatched",outcome="error"}': 1,
    });
  });
});
