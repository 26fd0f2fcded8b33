import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, FileInfoSchema, FileLinkSchema } from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import { AppError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import { InProgressCounter } from './limits.js';
import type { FileLinks } from './signed-links.js';
import { readUpload, UPLOAD_PARTS } from './read-upload.js';
import { RETRY_AFTER_SECONDS, type FileService } from './service.js';

const SIGNED_IN = { authenticated: true } as const;
const Id = z.object({ id: z.uuid() });
const tags = ['files'];

export interface FileRouteOptions {
  service: FileService;
  links: FileLinks;
  maxBytes: number;
  /** Uploads a signed-in user may start per minute. */
  uploadsPerMinute: number;
  /** Uploads a signed-in user may have under way at once (in this process). */
  uploadsInProgress: number;
}

/** RFC 5987 `filename*`: percent-encoded UTF-8, with the characters encodeURIComponent leaves. */
const headerFileName = (name: string) =>
  encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The file calls of spec §7: upload (multipart), delete, my-files delete, download. */
export async function fileRoutes(
  app: FastifyInstance,
  { service, links, maxBytes, uploadsPerMinute, uploadsInProgress }: FileRouteOptions,
) {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, ...UPLOAD_PARTS },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const inProgress = new InProgressCounter(uploadsInProgress);

  r.post(
    '/api/files/upload',
    {
      config: {
        access: SIGNED_IN,
        // Per user, not per address: a store's phones share one address.
        rateLimit: {
          max: uploadsPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request) =>
            request.user ? `upload-user:${request.user.id}` : `upload-ip:${request.ip}`,
          errorResponseBuilder: (request, context) =>
            new AppError(
              429,
              ErrorCode.TooManyRequests,
              message(request, 'UploadsTooFrequent', { seconds: Math.ceil(context.ttl / 1000) }),
            ),
        },
      },
      schema: {
        tags,
        summary:
          'multipart/form-data, fields before or after the file: file and businessType (required), fileName, containerName, businessEntityId (required with overrideExisting), description, tags, isTemporary, expirationHours, overrideExisting',
        consumes: ['multipart/form-data'],
        response: { 201: FileInfoSchema },
      },
    },
    async (request, reply) => {
      // Counted from the first byte of the body: a slow upload holds its place until it ends.
      const release = inProgress.enter(request.user!.id);
      if (!release) {
        throw new AppError(
          429,
          ErrorCode.TooManyRequests,
          message(request, 'UploadsInProgress', { count: inProgress.max }),
          undefined,
          { retryAfterSeconds: RETRY_AFTER_SECONDS },
        );
      }
      try {
        const { fileName, bytes, fields } = await readUpload(request, service);
        return reply.code(201).send(await service.upload(request, fileName, bytes, fields));
      } finally {
        release();
      }
    },
  );

  r.get(
    '/api/files/download/:id',
    {
      // Pictures of items are public; everything else needs a reader, or a signed link. Not
      // counted against the API limits: a catalogue page shows dozens of pictures, which the
      // browser then keeps (Cache-Control below), and none is worth a proof of work.
      config: { access: PUBLIC, rateLimit: false },
      schema: {
        tags,
        summary:
          'Download a file: pictures of items for anyone, other files for their uploader and the staff who may see them, or with a signed link (GET /api/files/{id}/link)',
        params: Id,
        querystring: z.object({
          thumbnail: z.enum(['small', 'medium']).optional(),
          tenant: z.string().max(64).optional(),
          expires: z.coerce.number().int().positive().optional(),
          signature: z.string().max(128).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let file;
      if (request.query.signature !== undefined) {
        const tenant = links.verify(id, request.query);
        if (!tenant) {
          throw new AppError(403, ErrorCode.FileLinkExpired, message(request, 'FileLinkExpired'));
        }
        request.tenantId = tenant;
        file = await service.find(request, id);
      } else {
        file = await service.findReadable(request, id);
      }
      const { stream, contentType } = await service.open(request, file, request.query.thumbnail);
      // Anything but an image is saved, never opened on our origin (a PDF can carry script).
      const disposition = contentType.startsWith('image/') ? 'inline' : 'attachment';
      return (
        reply
          .header('Content-Type', contentType)
          // Private files stay out of every cache: a store's phones are shared.
          .header(
            'Cache-Control',
            file.isPublicPicture ? 'public, max-age=31536000, immutable' : 'private, no-store',
          )
          .header(
            'Content-Disposition',
            `${disposition}; filename*=UTF-8''${headerFileName(file.fileName)}`,
          )
          .header('X-Content-Type-Options', 'nosniff')
          // Even opened directly, a download runs nothing and loads nothing.
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .send(stream)
      );
    },
  );

  r.get(
    '/api/files/:id/link',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary:
          'A signed download link of a file the caller may read, for an <img> or a new tab: no token needed, for ten minutes',
        params: Id,
        querystring: z.object({ thumbnail: z.enum(['small', 'medium']).optional() }),
        response: { 200: FileLinkSchema },
      },
    },
    async (request) => {
      const file = await service.findReadable(request, request.params.id);
      return links.sign(file.tenantId, file.id, request.query.thumbnail);
    },
  );

  r.delete(
    '/api/files/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Delete a file (its owner, or staff who manage equipment)',
        params: Id,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.remove(request, request.params.id, false);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/api/files/my-files/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Delete a file you uploaded',
        params: Id,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.remove(request, request.params.id, true);
      return reply.code(204).send(null);
    },
  );
}
