import { AGREEMENT_SIGNATURE, type CounterAgreement } from '@snowgear/contracts';
import { uploadCompressed } from '@/lib/upload-file';

/** The customer's signature as drawn at the counter, under the agreement version they read. */
export interface CounterSignature {
  version: string;
  blob: Blob;
  /** Once uploaded (a second try of the order sends the same file). */
  fileId?: string;
}

/** What the order carries of the signature, once uploaded as `fileId`. */
export const agreementOf = (signature: CounterSignature, fileId: string): CounterAgreement => ({
  version: signature.version,
  signatureFileId: fileId,
});

/** Uploads the signature (unless it was already) and gives what the order carries of it. */
export async function signedAgreement(signature: CounterSignature): Promise<CounterAgreement> {
  const fileId =
    signature.fileId ??
    (await uploadCompressed(signature.blob, SIGNATURE_FILE_NAME, AGREEMENT_SIGNATURE)).id;
  return agreementOf(signature, fileId);
}

export const SIGNATURE_FILE_NAME = 'signature.png';
