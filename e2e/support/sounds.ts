import type { Page } from 'playwright-core';

/** Records every sound the page plays: shipped files (decoded buffers) and generated tones. */
export const RECORD_SOUNDS = () => {
  const w = window as unknown as { __sounds: string[] };
  w.__sounds = [];
  // The originals are called below with their own receiver.
  /* eslint-disable @typescript-eslint/unbound-method */
  const bufferStart = AudioBufferSourceNode.prototype.start;
  const toneStart = OscillatorNode.prototype.start;
  /* eslint-enable @typescript-eslint/unbound-method */
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args) {
    w.__sounds.push(`file:${this.buffer?.duration.toFixed(2)}s`);
    return bufferStart.apply(this, args);
  };
  OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
    w.__sounds.push(`tone:${this.frequency.value}`);
    return toneStart.call(this, when);
  };
};
export const sounds = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sounds: string[] }).__sounds);
