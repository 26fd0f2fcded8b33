import type { DecodeMode, DecodeResult, RgbaImage } from '@snowgear/barcode';

/** Page → worker: one image to decode; the pixel buffer is transferred, not copied. */
export interface DecodeRequest {
  id: number;
  mode: DecodeMode;
  image: RgbaImage;
}

/** Worker → page: the answer to the request with the same id. */
export type DecodeResponse =
  { id: number; result: DecodeResult | null } | { id: number; error: string };
