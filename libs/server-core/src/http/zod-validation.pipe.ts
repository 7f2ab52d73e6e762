import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { validate } from '../errors/validate';

/** Validates an HTTP body, query or param with a contract schema: `@Query(new ZodPipe(Schema))`. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(
    private readonly schema: S,
    private readonly what = 'request',
  ) {}

  transform(value: unknown): z.infer<S> {
    return validate(this.schema, value, this.what);
  }
}
