import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { AGREEMENT_SIGNATURE, type CounterAgreement } from '@snowgear/contracts';
import { uploadAs } from '@/modules/files/test-upload.js';

let drawing: Promise<Buffer> | undefined;

/** A signature as the pad sends it: a small PNG, dark strokes on white. */
export function signaturePng(): Promise<Buffer> {
  drawing ??= sharp({
    create: { width: 300, height: 120, channels: 3, background: '#ffffff' },
  })
    .composite([
      {
        input: { create: { width: 200, height: 6, channels: 3, background: '#111111' } },
        left: 50,
        top: 57,
      },
    ])
    .png()
    .toBuffer();
  return drawing;
}

/**
 * The customer's signature under the business's current rental agreement, uploaded by the clerk
 * (`token`) as their phone does before it sends a counter order: the order's `agreement`.
 */
export async function counterSignature(
  app: FastifyInstance,
  csrf: Record<string, string>,
  token: string,
): Promise<CounterAgreement> {
  const config = await app.inject('/api/app/config-distribution/h5');
  const version = config.json<{ systemInfo: { rentalAgreementVersion: string } }>().systemInfo
    .rentalAgreementVersion;
  const upload = await uploadAs(
    app,
    csrf,
    token,
    { businessType: AGREEMENT_SIGNATURE },
    { name: 'signature.png', bytes: await signaturePng(), type: 'image/png' },
  );
  if (upload.statusCode !== 201) throw new Error(`signature upload failed: ${upload.body}`);
  return { version, signatureFileId: upload.json<{ id: string }>().id };
}

/**
 * `count` signatures taken beforehand, for counter orders sent at the same moment: one upload
 * after another, as a user's uploads in progress at once are limited.
 */
export async function counterSignatures(
  app: FastifyInstance,
  csrf: Record<string, string>,
  token: string,
  count: number,
): Promise<CounterAgreement[]> {
  const signed: CounterAgreement[] = [];
  for (let i = 0; i < count; i += 1) signed.push(await counterSignature(app, csrf, token));
  return signed;
}

/**
 * Sends counter orders (`POST /api/app/orders`) as the signed-in demo users (`tokens`), each with
 * the customer's signature as the clerk's phone uploads it, unless the body brings its own
 * `agreement` (uploaded beforehand, e.g. for orders sent at the same moment).
 */
export function counterOrdersAs(
  app: FastifyInstance,
  csrf: Record<string, string>,
  tokens: Record<string, string>,
) {
  return async (as: string, body: object, language = 'zh-CN') => {
    const token = tokens[as]!;
    const agreement =
      'agreement' in body ? body.agreement : await counterSignature(app, csrf, token);
    return app.inject({
      method: 'POST',
      url: '/api/app/orders',
      payload: { ...body, agreement },
      headers: { ...csrf, authorization: `Bearer ${token}`, 'accept-language': language },
    });
  };
}
