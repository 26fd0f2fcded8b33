/**
 * Pictures for the tests of screens that take photos or signatures, and what jsdom lacks to show
 * them: a real (1×1) PNG the server accepts as an image, and stand-ins for the browser's canvas,
 * object URLs and pointer capture.
 */

/** A 1×1 PNG: what a phone's camera or the signature pad gives (much larger) in a browser. */
export const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

/** The picture as drawn or compressed on the phone. */
export const photoBlob = () => new Blob([PNG], { type: 'image/png' });

/** The picture as picked from the phone's photos or taken with its camera. */
export const photoFile = (name = 'photo.png') => new File([PNG], name, { type: 'image/png' });

/**
 * Once per test file, before rendering: pointer capture (antd-mobile's popups and the signature
 * pad ask for it), object URLs (a photo's preview) and a canvas that draws nothing and hands
 * over `PNG` as its picture (the signature pad).
 */
export function stubPhotoDom() {
  for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
    if (!(method in Element.prototype)) {
      Object.defineProperty(Element.prototype, method, {
        value: () => undefined,
        configurable: true,
      });
    }
  }
  Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined });
  const context = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    fillRect: () => undefined,
    beginPath: () => undefined,
    moveTo: () => undefined,
    lineTo: () => undefined,
    stroke: () => undefined,
  };
  Object.assign(HTMLCanvasElement.prototype, {
    getContext: () => context,
    toBlob: (callback: BlobCallback) => queueMicrotask(() => callback(photoBlob())),
  });
}
