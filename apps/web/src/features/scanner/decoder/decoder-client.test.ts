import type { DecodeResult } from '@snowgear/barcode';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDecoder, DecoderError, type DecoderWorker } from './decoder-client';
import type { DecodeRequest, DecodeResponse } from './decoder-protocol';

/** Stands in for the Web Worker (jsdom has none): records requests, answers on demand. */
class FakeWorker implements DecoderWorker {
  requests: { message: DecodeRequest; transfer: Transferable[] }[] = [];
  terminated = false;
  private listeners: Record<string, ((event: never) => void)[]> = {};

  postMessage(message: DecodeRequest, transfer: Transferable[]) {
    this.requests.push({ message, transfer });
  }
  addEventListener(type: string, listener: (event: never) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  terminate() {
    this.terminated = true;
  }
  answer(response: DecodeResponse) {
    for (const listener of this.listeners.message ?? []) listener({ data: response } as never);
  }
  crash() {
    for (const listener of this.listeners.error ?? []) listener(new Event('error') as never);
  }
}

const image = () => ({ data: new Uint8ClampedArray(4 * 4 * 4), width: 4, height: 4 });
const qr: DecodeResult = { text: 'SG-1', format: 'QR_CODE', strategy: 'plain' };
const ean: DecodeResult = { text: '9780201752847', format: 'EAN_13', strategy: 'contrast' };

describe('createDecoder', () => {
  let workers: FakeWorker[];
  const start = () => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  };

  beforeEach(() => {
    workers = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts the worker on the first call and transfers the pixel buffer', async () => {
    const decoder = createDecoder({ createWorker: start });
    expect(workers).toHaveLength(0);
    const pixels = image();
    const pending = decoder.decode(pixels, 'photo');
    const [worker] = workers;
    const { message, transfer } = worker!.requests[0]!;
    expect(message).toMatchObject({ mode: 'photo', image: { width: 4, height: 4 } });
    expect(transfer).toEqual([pixels.data.buffer]);
    worker!.answer({ id: message.id, result: qr });
    await expect(pending).resolves.toEqual(qr);
  });

  it('matches answers to calls by id, whatever their order', async () => {
    const decoder = createDecoder({ createWorker: start });
    const first = decoder.decode(image(), 'live');
    const second = decoder.decode(image(), 'photo');
    const [a, b] = workers[0]!.requests.map((request) => request.message.id);
    workers[0]!.answer({ id: b!, result: ean });
    workers[0]!.answer({ id: a!, result: null });
    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toEqual(ean);
    expect(workers).toHaveLength(1);
  });

  it('rejects a call the worker answers with an error', async () => {
    const decoder = createDecoder({ createWorker: start });
    const pending = decoder.decode(image(), 'photo');
    workers[0]!.answer({ id: workers[0]!.requests[0]!.message.id, error: 'bad image' });
    await expect(pending).rejects.toMatchObject({ reason: 'failed', message: 'bad image' });
  });

  it('rejects every pending call when the worker fails, and starts a new one next time', async () => {
    const decoder = createDecoder({ createWorker: start });
    const first = decoder.decode(image(), 'photo');
    const second = decoder.decode(image(), 'live');
    workers[0]!.crash();
    await expect(first).rejects.toMatchObject({ reason: 'crashed' });
    await expect(second).rejects.toBeInstanceOf(DecoderError);
    expect(workers[0]!.terminated).toBe(true);

    const third = decoder.decode(image(), 'live');
    expect(workers).toHaveLength(2);
    workers[1]!.answer({ id: workers[1]!.requests[0]!.message.id, result: qr });
    await expect(third).resolves.toEqual(qr);
  });

  it('times out a stuck call (2 s live, 10 s photo) and replaces the worker', async () => {
    const decoder = createDecoder({ createWorker: start });
    const live = decoder.decode(image(), 'live');
    const liveOutcome = live.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(workers[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await liveOutcome).toMatchObject({ reason: 'timeout' });
    expect(workers[0]!.terminated).toBe(true);

    const photo = decoder.decode(image(), 'photo');
    const photoOutcome = photo.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(workers[1]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await photoOutcome).toMatchObject({ reason: 'timeout' });
  });

  it('ignores an answer that comes after its call timed out', async () => {
    const decoder = createDecoder({ createWorker: start, timeoutMs: { live: 100 } });
    const live = decoder.decode(image(), 'live').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(await live).toMatchObject({ reason: 'timeout' });
    expect(() =>
      workers[0]!.answer({ id: workers[0]!.requests[0]!.message.id, result: qr }),
    ).not.toThrow();
  });

  it('rejects pending and later calls once disposed', async () => {
    const decoder = createDecoder({ createWorker: start });
    const pending = decoder.decode(image(), 'photo');
    decoder.dispose();
    await expect(pending).rejects.toMatchObject({ reason: 'disposed' });
    await expect(decoder.decode(image(), 'live')).rejects.toMatchObject({ reason: 'disposed' });
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(1);
  });
});
