import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, FileInfoSchema } from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import { AppError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import type { FileService, UploadFields } from './service.js';

const SIGNED_IN = { authenticated: true } as const;
const Id = z.object({ id: z.uuid() });
const tags = ['files'];

/** The file calls of spec §7: upload (multipart), delete, my-files delete, download. */
export async function fileRoutes(
  app: FastifyInstance,
  { service, maxBytes }: { service: FileService; maxBytes: number },
) {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 2048 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/files/upload',
    {
      config: { access: SIGNED_IN, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'multipart/form-data: file, fileName, containerName, businessType, businessEntityId, description, tags, isTemporary, expirationHours, overrideExisting',
        consumes: ['multipart/form-data'],
        response: { 201: FileInfoSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(400, ErrorCode.FileMissing, message(request, 'FileMissing'));
      const part = await request.file();
      if (!part) throw new AppError(400, ErrorCode.FileMissing, message(request, 'FileMissing'));
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw service.tooLarge(request);
      }
      const fields: UploadFields = {};
      for (const [name, field] of Object.entries(part.fields)) {
        const value = Array.isArray(field) ? field[0] : field;
        if (value && 'value' in value && typeof value.value === 'string')
          fields[name as keyof UploadFields] = value.value;
      }
      return reply.code(201).send(await service.upload(request, part.filename, bytes, fields));
    },
  );

  r.get(
    '/api/files/download/:id',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        params: Id,
        querystring: z.object({ thumbnail: z.enum(['small', 'medium']).optional() }),
      },
    },
    async (request, reply) => {
      const row = await service.find(request, request.params.id);
      const { stream, contentType } = await service.open(request, row, request.query.thumbnail);
      const name = encodeURIComponent(row.fileName);
      return reply
        .header('Content-Type', contentType)
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Content-Disposition', `inline; filename*=UTF-8''${name}`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
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
