import { Controller, Header, Param } from '@nestjs/common';
import { ErrorCode, ImageRoutes, MovieMessages } from '@app/contracts';
import { AppError } from '@app/server-core';
import { Endpoint } from '../routes/endpoint.decorator';
import { CatalogueClient } from './catalogue.client';

const SIZE = /^(w\d{2,4}|original)$/;
const FILE = /^([a-f0-9]{24})\.svg$/;

/**
 * The image service the web app resolves poster paths against (`{base}/w500{path}`), serving the
 * posters generated for seeded titles. Posters never change for an id, so caches may keep them.
 */
@Controller()
export class ImagesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Endpoint(ImageRoutes.poster)
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=604800, immutable')
  async poster(@Param('size') size: string, @Param('file') file: string) {
    const id = FILE.exec(file)?.[1];
    if (!SIZE.test(size) || !id) throw new AppError(ErrorCode.NotFound, MovieMessages.imageNotFound);
    return (await this.catalogue.poster(id)).svg;
  }
}
