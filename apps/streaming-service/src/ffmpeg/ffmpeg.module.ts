import { Global, Module } from '@nestjs/common';
import { Ffmpeg } from './ffmpeg.adapter';

/** The ffmpeg adapter for whoever probes or transcodes (ingest, uploads). */
@Global()
@Module({ providers: [{ provide: Ffmpeg, useFactory: () => new Ffmpeg() }], exports: [Ffmpeg] })
export class FfmpegModule {}
