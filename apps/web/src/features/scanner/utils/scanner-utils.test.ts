import { describe, expect, it } from 'vitest';
import {
  CameraError,
  cameraErrorOf,
  cameraSupportProblem,
  isHuaweiDevice,
  retriesWithBasicSettings,
  StreamTimeoutError,
} from './camera-errors';
import { isEditableTarget, WedgeBuffer } from './keyboard-wedge';
import { ReadingConfirmer } from './reading-confirmer';
import { ScanType } from './scanner-constants';
import { matchesScanType } from './scan-type';
import { autoZoomFor, clampZoom, nextDoubleTapZoom } from './zoom';

const named = (name: string) => new DOMException('x', name);

describe('camera errors (spec §8)', () => {
  it('needs a secure page and stream support', () => {
    const gum = { getUserMedia: () => undefined };
    expect(cameraSupportProblem({ isSecureContext: false, mediaDevices: gum })).toBe(
      CameraError.insecureContext,
    );
    expect(cameraSupportProblem({ isSecureContext: true })).toBe(CameraError.noStreamSupport);
    expect(cameraSupportProblem({ isSecureContext: true, mediaDevices: gum })).toBeNull();
  });

  it('names every getUserMedia failure, and retries only not-readable and over-constrained', () => {
    expect(cameraErrorOf(named('NotAllowedError'))).toBe(CameraError.permissionDenied);
    expect(cameraErrorOf(named('NotFoundError'))).toBe(CameraError.notFound);
    expect(cameraErrorOf(named('NotReadableError'))).toBe(CameraError.notReadable);
    expect(cameraErrorOf(named('OverconstrainedError'))).toBe(CameraError.overConstrained);
    expect(cameraErrorOf(named('SecurityError'))).toBe(CameraError.secureConnectionNeeded);
    expect(cameraErrorOf(named('NotSupportedError'))).toBe(CameraError.notSupported);
    expect(cameraErrorOf(new TypeError('bad constraints'))).toBe(CameraError.unsupportedConfig);
    expect(cameraErrorOf(new StreamTimeoutError('slow'))).toBe(CameraError.streamTimeout);
    expect(cameraErrorOf('weird')).toBe(CameraError.unknown);
    expect(Object.values(CameraError).filter(retriesWithBasicSettings).sort()).toEqual([
      CameraError.notReadable,
      CameraError.overConstrained,
    ]);
  });

  it('recognises Huawei and HarmonyOS browsers', () => {
    expect(isHuaweiDevice('Mozilla/5.0 (Linux; Android 10; HUAWEI P40) HuaweiBrowser/12')).toBe(
      true,
    );
    expect(isHuaweiDevice('Mozilla/5.0 (Phone; OpenHarmony 4.0) ArkWeb/4.1')).toBe(true);
    expect(isHuaweiDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari')).toBe(false);
  });
});

describe('zoom (spec §9)', () => {
  const range = { min: 1, max: 8 };
  it('keeps zoom on the 0.5 grid inside the range', () => {
    expect(clampZoom(2.3, range)).toBe(2.5);
    expect(clampZoom(0.2, range)).toBe(1);
    expect(clampZoom(12, range)).toBe(8);
    expect(clampZoom(5, { min: 1, max: 4 })).toBe(4);
  });

  it('double-tap cycles 1x, 2x, 4x, 6x, 8x and back to 1x', () => {
    const seen = [1];
    for (let i = 0; i < 5; i++) seen.push(nextDoubleTapZoom(seen.at(-1)!, range));
    expect(seen).toEqual([1, 2, 4, 6, 8, 1]);
    expect(nextDoubleTapZoom(3, range)).toBe(4);
    // A camera that only reaches 5x skips the levels it cannot do.
    expect(nextDoubleTapZoom(4, { min: 1, max: 5 })).toBe(1);
  });

  it('auto zoom steps 0.5 s → 2x, 1.5 s → 4x, 3 s → 6x, at most 3 adjustments', () => {
    expect(autoZoomFor(400, 0, 1, range)).toBeNull();
    expect(autoZoomFor(500, 0, 1, range)).toBe(2);
    expect(autoZoomFor(1500, 1, 2, range)).toBe(4);
    expect(autoZoomFor(3000, 2, 4, range)).toBe(6);
    expect(autoZoomFor(4500, 3, 6, range)).toBeNull();
    // Already zoomed further by hand: no change; a camera that stops at 3x stays there.
    expect(autoZoomFor(600, 0, 4, range)).toBeNull();
    expect(autoZoomFor(1600, 1, 2, { min: 1, max: 3 })).toBe(3);
  });
});

describe('reading confirmation (debounce 50 ms, lock 200 ms)', () => {
  it('confirms a reading that holds for the debounce, then ignores readings during the lock', () => {
    const c = new ReadingConfirmer(50, 200);
    const code = { text: 'SGWLSKI001', format: 'CODE_128' };
    expect(c.offer(null, 0)).toEqual({ kind: 'idle' });
    expect(c.offer(code, 10)).toEqual({ kind: 'tracking' });
    expect(c.offer(code, 40)).toEqual({ kind: 'tracking' });
    expect(c.offer(null, 60)).toEqual({ kind: 'confirmed', ...code });
    expect(c.offer(code, 100)).toEqual({ kind: 'locked' });
    expect(c.offer(code, 261)).toEqual({ kind: 'tracking' });
  });

  it('a different reading within the debounce replaces the first (a misread is corrected)', () => {
    const c = new ReadingConfirmer(50, 200);
    c.offer({ text: 'SGWLSKI00l' }, 0);
    expect(c.offer({ text: 'SGWLSKI001' }, 40)).toEqual({ kind: 'tracking' });
    expect(c.offer({ text: 'SGWLSKI001' }, 95)).toEqual({ kind: 'confirmed', text: 'SGWLSKI001' });
  });
});

describe('scan type', () => {
  it('keeps QR codes for qrCode and linear codes for barCode', () => {
    expect(matchesScanType('QR_CODE', ScanType.qrCode)).toBe(true);
    expect(matchesScanType('CODE_128', ScanType.qrCode)).toBe(false);
    expect(matchesScanType('CODE_128', ScanType.barCode)).toBe(true);
    expect(matchesScanType('PDF_417', ScanType.barCode)).toBe(false);
    expect(matchesScanType('AZTEC', ScanType.all)).toBe(true);
  });
});

describe('keyboard-wedge scanners', () => {
  const type = (b: WedgeBuffer, text: string, start: number, gap: number) => {
    [...text].forEach((ch, i) => b.key(ch, start + i * gap));
    return start + (text.length - 1) * gap;
  };

  it('takes fast bursts ending in Enter, and not human typing', () => {
    const b = new WedgeBuffer(50, 4);
    let end = type(b, 'SGWLSKI001', 1000, 8);
    expect(b.flush(end + 5)).toBe('SGWLSKI001');
    end = type(b, 'SGWL', 5000, 180);
    expect(b.flush(end + 5)).toBeNull();
    end = type(b, 'AB', 9000, 5);
    expect(b.flush(end + 5)).toBeNull(); // too short
  });

  it('says a burst it could not read (a stall inside a scan, or before its Enter), never a person typing', () => {
    const b = new WedgeBuffer(50, 4);
    // A scan the busy page stalled in: the part before the stall is said to be unreadable.
    const cuts = [...'SGWL'].map((ch, i) => b.key(ch, 1000 + i * 8));
    expect(cuts.every((c) => c === null)).toBe(true);
    expect(b.key('S', 1100)).toBe('SGWL');
    // Enter long after the last key: what came is said, not dropped.
    let end = type(b, 'SGWLSKI003', 2000, 8);
    expect(b.take(end + 400)).toEqual({ code: null, unreadable: 'SGWLSKI003' });
    // A clean scan is a code; a person's typing is neither, nor is a stray key before a scan.
    end = type(b, 'SGWLSKI004', 3000, 8);
    expect(b.take(end + 5)).toEqual({ code: 'SGWLSKI004', unreadable: null });
    end = type(b, 'SGWL', 5000, 180);
    expect(b.take(end + 5)).toEqual({ code: null, unreadable: null });
    expect(b.key('x', 8000)).toBeNull();
    expect(b.key('S', 9000)).toBeNull();
  });

  it('starts afresh after a pause, so stray keys do not stick to the next scan', () => {
    const b = new WedgeBuffer(50, 4);
    b.key('x', 0);
    const end = type(b, 'SGYDSKI003', 2000, 10);
    expect(b.flush(end + 1)).toBe('SGYDSKI003');
  });

  it('keeps a first key the page handled late, and still drops a stray key before a scan', () => {
    const b = new WedgeBuffer(50, 4);
    b.key('2', 1000);
    const end = type(b, '02611230004', 1068, 7); // the second key 68 ms after the first
    expect(b.flush(end + 2)).toBe('202611230004');
    b.key('x', 5000);
    const next = type(b, 'SGYDSKI003', 5120, 7); // a person's key 120 ms before the gun's
    expect(b.flush(next + 2)).toBe('SGYDSKI003');
  });

  it('leaves keys typed into fields to the fields', () => {
    expect(isEditableTarget(document.createElement('input'))).toBe(true);
    expect(isEditableTarget(document.createElement('textarea'))).toBe(true);
    expect(isEditableTarget(document.createElement('button'))).toBe(false);
    expect(isEditableTarget(document.body)).toBe(false);
  });
});
