import type { DecodeMode, DecodeResult, RgbaImage } from '@snowgear/barcode';
import type { DecodeRequest, DecodeResponse } from './decoder-protocol';

/** How long one call may take before it fails and the worker is replaced. */
export const DECODE_TIMEOUT_MS: Readonly<Record<DecodeMode, number>> = {
  live: 2_000,
  photo: 10_000,
};

export const DecoderErrorReason = {
  /** The worker did not answer in time; it was stopped and the next call starts a new one. */
  Timeout: 'timeout',
  /** The worker failed to load or crashed. */
  Crashed: 'crashed',
  /** The worker answered with an error (e.g. an invalid image). */
  Failed: 'failed',
  Disposed: 'disposed',
} as const;
export type DecoderErrorReason = (typeof DecoderErrorReason)[keyof typeof DecoderErrorReason];

export class DecoderError extends Error {
  constructor(
    message: string,
    readonly reason: DecoderErrorReason,
  ) {
    super(message);
    this.name = 'DecoderError';
  }
}

/** The part of a Worker the client uses, so tests can stand in for one. */
export interface DecoderWorker {
  postMessage(message: DecodeRequest, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DecodeResponse>) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
  terminate(): void;
}

/** What the scanner's screens use of a result (every DecodeResult is one). */
export interface DecodedCode {
  text: string;
  format: string;
}

export interface Decoder {
  /**
   * The barcode in the image, or null. The image's pixel buffer is transferred to the worker,
   * so the caller's copy is empty afterwards.
   */
  decode(image: RgbaImage, mode: DecodeMode): Promise<DecodeResult | null>;
  /** Stops the worker; pending and later calls are rejected. */
  dispose(): void;
}

export interface CreateDecoderOptions {
  createWorker?: () => DecoderWorker;
  timeoutMs?: Partial<Record<DecodeMode, number>>;
}

function startWorker(): DecoderWorker {
  return new Worker(new URL('./decoder.worker.ts', import.meta.url), { type: 'module' });
}

interface PendingCall {
  resolve: (result: DecodeResult | null) => void;
  reject: (error: DecoderError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A barcode decoder running in a Web Worker, started on the first call. */
export function createDecoder(options: CreateDecoderOptions = {}): Decoder {
  const createWorker = options.createWorker ?? startWorker;
  const timeouts = { ...DECODE_TIMEOUT_MS, ...options.timeoutMs };
  const pending = new Map<number, PendingCall>();
  let worker: DecoderWorker | null = null;
  let nextId = 1;
  let disposed = false;

  function stopWorker(error: DecoderError): void {
    worker?.terminate();
    worker = null;
    for (const call of pending.values()) {
      clearTimeout(call.timer);
      call.reject(error);
    }
    pending.clear();
  }

  function handleResponse(response: DecodeResponse): void {
    const call = pending.get(response.id);
    if (!call) return;
    pending.delete(response.id);
    clearTimeout(call.timer);
    if ('error' in response)
      call.reject(new DecoderError(response.error, DecoderErrorReason.Failed));
    else call.resolve(response.result);
  }

  function currentWorker(): DecoderWorker {
    if (worker) return worker;
    const started = createWorker();
    started.addEventListener('message', (event) => handleResponse(event.data));
    const handleCrash = (event: Event) => {
      event.preventDefault();
      if (worker === started) {
        stopWorker(
          new DecoderError('The barcode decoder stopped working', DecoderErrorReason.Crashed),
        );
      }
    };
    started.addEventListener('error', handleCrash);
    started.addEventListener('messageerror', handleCrash);
    worker = started;
    return started;
  }

  return {
    decode(image, mode) {
      if (disposed) {
        return Promise.reject(
          new DecoderError('The decoder was disposed', DecoderErrorReason.Disposed),
        );
      }
      return new Promise<DecodeResult | null>((resolve, reject) => {
        const id = nextId++;
        const target = currentWorker();
        const timer = setTimeout(() => {
          stopWorker(
            new DecoderError(
              `Decoding took longer than ${timeouts[mode]} ms`,
              DecoderErrorReason.Timeout,
            ),
          );
        }, timeouts[mode]);
        pending.set(id, { resolve, reject, timer });
        const { data, width, height } = image;
        try {
          target.postMessage({ id, mode, image: { data, width, height } }, [data.buffer]);
        } catch (error) {
          pending.delete(id);
          clearTimeout(timer);
          throw error;
        }
      });
    },
    dispose() {
      disposed = true;
      stopWorker(new DecoderError('The decoder was disposed', DecoderErrorReason.Disposed));
    },
  };
}
