/**
 * The barcode decoder in a module worker, so decoding never blocks the page. The WebAssembly
 * binary is served from the app's own assets (never from a CDN).
 */
import { decodeBarcode, prepareDecoder } from '@snowgear/barcode';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { DecodeRequest, DecodeResponse } from './decoder-protocol';

/** The part of the worker's global scope used here (the app's types describe a window). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<DecodeRequest>) => void): void;
  postMessage(message: DecodeResponse): void;
}

const scope = self as unknown as WorkerScope;
const ready = prepareDecoder({ wasmUrl });
// A failure is reported to each request below; this only keeps it from being reported as unhandled.
ready.catch(() => undefined);

async function handleRequest({ id, mode, image }: DecodeRequest): Promise<void> {
  try {
    await ready;
    scope.postMessage({ id, result: await decodeBarcode(image, mode) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

scope.addEventListener('message', (event) => {
  void handleRequest(event.data);
});
