import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeWav, renderTones, WAV_SAMPLE_RATE } from './render-tones';
import { allSounds, tonesFor } from './sounds';

const shipped = (fileName: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, '../../../../public/sounds', fileName)));

describe('sound files', () => {
  it('ships one file per kind and one per scan style', () => {
    expect(allSounds().map((s) => s.fileName)).toEqual([
      'success.wav',
      'error.wav',
      'warning.wav',
      'scan-success-beep.wav',
      'scan-success-classic.wav',
      'scan-success-chord.wav',
      'scan-success-triple.wav',
      'scan-error.wav',
    ]);
  });

  it.each(allSounds())(
    '$fileName is small 16-bit mono PCM made from the fallback tones',
    ({ kind, style, fileName }) => {
      const file = shipped(fileName);
      const view = new DataView(file.buffer);
      const text = (offset: number) => String.fromCharCode(...file.subarray(offset, offset + 4));
      expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
      expect(view.getUint16(20, true)).toBe(1); // PCM
      expect(view.getUint16(22, true)).toBe(1); // mono
      expect(view.getUint32(24, true)).toBe(WAV_SAMPLE_RATE);
      expect(view.getUint16(34, true)).toBe(16);
      expect(file.length).toBeLessThan(30 * 1024);

      // The file matches what the generator renders from today's tones (to one step of rounding).
      const expected = encodeWav(renderTones(tonesFor(kind, style)));
      expect(file.length).toBe(expected.length);
      const rendered = new DataView(expected.buffer);
      let worst = 0;
      for (let i = 44; i < file.length; i += 2) {
        worst = Math.max(worst, Math.abs(view.getInt16(i, true) - rendered.getInt16(i, true)));
      }
      expect(worst).toBeLessThanOrEqual(1);
    },
  );

  it('starts and ends every sound in silence (no clicks)', () => {
    for (const { kind, style } of allSounds()) {
      const samples = renderTones(tonesFor(kind, style));
      expect(samples[0]).toBe(0);
      expect(Math.abs(samples.at(-1)!)).toBeLessThan(0.01);
    }
  });
});
