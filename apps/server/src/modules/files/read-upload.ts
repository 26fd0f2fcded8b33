import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@snowgear/contracts';
import { AppError, validationError } from '@/lib/errors.js';
import { frameworkMessage, message } from '@/lib/messages.js';
import {
  missingUploadFields,
  uploadFieldProblems,
  type FileService,
  type UploadFields,
} from './service.js';

/** What the multipart parser reads of one upload: one file, and a few short fields. */
export const UPLOAD_PARTS = { files: 1, fields: 20, fieldSize: 2048 } as const;

/** The name the file part goes by in the route's description and in the refusals. */
const FILE_FIELD = 'file';

type Problem = { path: string[]; message: string };

/** The multipart body as sent: the file's name and bytes, and the form fields sent with it. */
export interface Upload {
  fileName: string;
  bytes: Buffer;
  fields: UploadFields;
}

/**
 * Reads every part of an upload wherever it stands: a form may send its fields before the file
 * or after it (multipart fixes no order), and the fields that follow the file arrive only as the
 * body does. Refuses (400, each problem next to its field) a missing file or business type, a
 * field cut short or sent twice, and text the shared rules refuse, so no file is ever stored
 * without what was sent with it.
 */
export async function readUpload(request: FastifyRequest, service: FileService): Promise<Upload> {
  if (!request.isMultipart()) throw fileMissing(request, []);
  const fields: Record<string, string> = {};
  const problems: Problem[] = [];
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // The parser allows one file: a second ends the loop with its limit error.
        file = { name: part.filename, bytes: await part.toBuffer() };
        continue;
      }
      const name = part.fieldname;
      if (Object.hasOwn(fields, name) || problems.some((p) => p.path[0] === name)) {
        problems.push({ path: [name], message: frameworkMessage(request, 'GivenTwice') });
      } else if (part.valueTruncated) {
        problems.push({
          path: [name],
          message: frameworkMessage(request, 'TextTooLong', { max: UPLOAD_PARTS.fieldSize }),
        });
      } else if (typeof part.value !== 'string') {
        // A field sent as JSON: every field of an upload is plain text.
        problems.push({
          path: [name],
          message: frameworkMessage(request, 'ExpectedType', {
            expected: frameworkMessage(request, 'TypeText'),
          }),
        });
      } else {
        fields[name] = part.value;
      }
    }
  } catch (err) {
    throw refusal(request, service, err);
  }
  problems.push(...uploadFieldProblems(fields));
  for (const name of missingUploadFields(fields)) {
    if (!problems.some((p) => p.path[0] === name))
      problems.push({ path: [name], message: frameworkMessage(request, 'Required') });
  }
  if (!file) throw fileMissing(request, problems);
  if (problems.length > 0) throw validationError('body', problems);
  return { fileName: file.name, bytes: file.bytes, fields };
}

/** No file part: `File:Missing`, with the file and any other problem next to its field. */
function fileMissing(request: FastifyRequest, others: Problem[]) {
  const problems = [
    { message: frameworkMessage(request, 'Required'), members: [FILE_FIELD] },
    ...others.map((p) => ({ message: p.message, members: [p.path.join('.')] })),
  ];
  return new AppError(
    400,
    ErrorCode.FileMissing,
    message(request, 'FileMissing'),
    undefined,
    undefined,
    problems,
  );
}

/** A body the multipart parser cannot read (no boundary, cut short) or past its limits: 4xx. */
function refusal(request: FastifyRequest, service: FileService, err: unknown) {
  if (err instanceof AppError) return err;
  const field = (member: string, text: string) =>
    new AppError(400, ErrorCode.Validation, text, undefined, undefined, [
      { message: text, members: [member] },
    ]);
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return field(FILE_FIELD, message(request, 'UploadOneFile'));
  if (code === 'FST_FIELDS_LIMIT')
    return field('body', message(request, 'UploadTooManyFields', { max: UPLOAD_PARTS.fields }));
  if (code === 'FST_REQ_FILE_TOO_LARGE') return service.tooLarge(request);
  return new AppError(400, ErrorCode.Validation, message(request, 'MultipartMalformed'));
}
