import { createDecoder, type Decoder } from './decoder-client';

export type { DecodedCode } from './decoder-client';

let shared: Decoder | null = null;

/**
 * The app's one decoder: its worker starts on the first decode and then stays, so reopening the
 * scanner does not load and compile the WebAssembly again.
 */
export function sharedDecoder(): Decoder {
  shared ??= createDecoder();
  return shared;
}
