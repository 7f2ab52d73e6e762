import { Controller, Get, Header, Param } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import { AppError, Public } from '@app/server-core';
import { CatalogueClient } from '../catalogue/catalogue.client';

const SIZE = /^(w\d{2,4}|original)$/;
const FILE = /^([a-f0-9]{24})\.svg$/;

/**
 * The image service the web app resolves poster paths against (`{base}/w500{path}`), serving the
 * posters generated for seeded titles. Posters never change for an id, so caches may keep them.
 */
@Public()
@Controller('images')
export class ImagesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Get(':size/generated/:file')
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=604800, immutable')
  async poster(@Param('size') size: string, @Param('file') file: string) {
    const id = FILE.exec(file)?.[1];
    if (!SIZE.test(size) || !id) throw new AppError(ErrorCode.NotFound, 'Image not found');
    return (await this.catalogue.poster(id)).svg;
  }
}
