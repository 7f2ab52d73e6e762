import { Controller, Headers, HttpCode, Param, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { MediaAsset } from '@app/contracts';
import { UploadService } from './upload.service';

const contentLength = (value: string | undefined): number | null =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : null;

/** Only the name, never a path from the admin's machine; length-capped for the dashboard. */
const fileName = (value: string | undefined): string | null => {
  if (!value) return null;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // Not URI-encoded: use it as sent.
  }
  const name = decoded.split(/[\\/]/).pop()?.trim().slice(0, 200);
  return name ? name : null;
};

/**
 * `PUT /stream/upload/{ticket}` on the service's own HTTP server: the admin's browser sends the file here
 * (the ticket from StreamingRpc.uploadTicket authorises it), so video bytes never cross the RPC transport.
 * `X-File-Name` (URI-encoded) names the file.
 */
@Controller('stream/upload')
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @Put(':ticket')
  @HttpCode(202)
  async receive(
    @Param('ticket') ticket: string,
    @Headers('content-length') length: string | undefined,
    @Headers('x-file-name') name: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MediaAsset> {
    try {
      return await this.uploads.receive({
        ticket,
        body: req,
        declaredBytes: contentLength(length),
        sourceName: fileName(name),
      });
    } catch (error) {
      // A refusal before the body was read: close the connection rather than drain gigabytes nobody wants.
      if (!req.complete) res.setHeader('Connection', 'close');
      throw error;
    }
  }
}
