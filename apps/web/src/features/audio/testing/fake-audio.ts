import { vi } from 'vitest';
import { setAudioEnvironment } from '../utils/audio-player';

/** A stand-in for Web Audio (jsdom has none) that records what the player builds. */

type ParamEvent = { kind: 'set' | 'ramp'; value: number; time: number };

class FakeParam {
  value = 1;
  events: ParamEvent[] = [];
  setValueAtTime(value: number, time: number) {
    this.events.push({ kind: 'set', value, time });
    return this;
  }
  linearRampToValueAtTime(value: number, time: number) {
    this.events.push({ kind: 'ramp', value, time });
    return this;
  }
}

class FakeNode {
  connectedTo: unknown = null;
  connect<T>(node: T): T {
    this.connectedTo = node;
    return node;
  }
  disconnect() {
    this.connectedTo = null;
  }
}

export class FakeGain extends FakeNode {
  gain = new FakeParam();
}

export class FakeOscillator extends FakeNode {
  type = 'sine';
  frequency = new FakeParam();
  onended: (() => void) | null = null;
  startAt: number | null = null;
  stopAt: number | null = null;
  start(time = 0) {
    this.startAt = time;
  }
  stop(time = 0) {
    this.stopAt = time;
  }
  /** The gain node this oscillator plays through. */
  get envelope(): FakeGain {
    return this.connectedTo as FakeGain;
  }
}

export class FakeBufferSource extends FakeNode {
  buffer: unknown = null;
  onended: (() => void) | null = null;
  started = false;
  start() {
    this.started = true;
  }
  get envelope(): FakeGain {
    return this.connectedTo as FakeGain;
  }
}

export class FakeAudioContext {
  state: 'running' | 'suspended' | 'closed' = 'running';
  currentTime = 10;
  destination = new FakeNode();
  oscillators: FakeOscillator[] = [];
  sources: FakeBufferSource[] = [];
  /** What resume() does; by default the browser allows it. */
  allowResume = true;
  resume = vi.fn(async () => {
    if (this.allowResume) this.state = 'running';
  });
  createOscillator() {
    const oscillator = new FakeOscillator();
    this.oscillators.push(oscillator);
    return oscillator;
  }
  createGain() {
    return new FakeGain();
  }
  createBufferSource() {
    const source = new FakeBufferSource();
    this.sources.push(source);
    return source;
  }
}

/** A decoded sound file, as the fake loader hands it out. */
export const fakeBuffer = { duration: 0.1 } as unknown as AudioBuffer;

/**
 * Points the player at a fresh fake context; `loadFile` decides how the sound file loads
 * (by default it fails, as when the file is missing).
 */
export function installFakeAudio(
  loadFile: (url: string, signal: AbortSignal) => Promise<AudioBuffer> = () =>
    Promise.reject(new Error('missing')),
) {
  const context = new FakeAudioContext();
  const createAudioContext = vi.fn(() => context as unknown as AudioContext);
  const load = vi.fn((_: AudioContext, url: string, signal: AbortSignal) => loadFile(url, signal));
  setAudioEnvironment({ createAudioContext, loadFile: load });
  return { context, createAudioContext, loadFile: load };
}
