/**
 * Image pre-processing for the decoder: pure functions on pixel arrays (no canvas, no DOM), so
 * they run the same in a Web Worker and in Node. Every function returns a new image.
 */

/** An ImageData-like RGBA image: 4 bytes per pixel, rows top to bottom. */
export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A grayscale image: 1 byte of luminance per pixel. */
export interface GrayImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

function grayOf(width: number, height: number): GrayImage {
  return { data: new Uint8ClampedArray(width * height), width, height };
}

/** Luminance with the same weights zxing-wasm uses (0.299 R + 0.587 G + 0.114 B). */
export function toGray(image: RgbaImage): GrayImage {
  const { data, width, height } = image;
  const out = grayOf(width, height);
  for (let i = 0, j = 0; i < out.data.length; i++, j += 4) {
    out.data[i] = (306 * data[j]! + 601 * data[j + 1]! + 117 * data[j + 2]! + 512) >> 10;
  }
  return out;
}

export function toRgba(gray: GrayImage): RgbaImage {
  const { data, width, height } = gray;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    const v = data[i]!;
    out[j] = v;
    out[j + 1] = v;
    out[j + 2] = v;
    out[j + 3] = 255;
  }
  return { data: out, width, height };
}

/** Scaled by `factor`: area average when shrinking (no aliasing), bilinear when enlarging. */
export function resize(gray: GrayImage, factor: number): GrayImage {
  const { data, width, height } = gray;
  const w = Math.max(1, Math.round(width * factor));
  const h = Math.max(1, Math.round(height * factor));
  const out = grayOf(w, h);
  const sx = width / w;
  const sy = height / h;
  if (factor < 1) {
    for (let y = 0; y < h; y++) {
      const y0 = Math.floor(y * sy);
      const y1 = Math.max(y0 + 1, Math.min(height, Math.floor((y + 1) * sy)));
      for (let x = 0; x < w; x++) {
        const x0 = Math.floor(x * sx);
        const x1 = Math.max(x0 + 1, Math.min(width, Math.floor((x + 1) * sx)));
        let sum = 0;
        for (let yy = y0; yy < y1; yy++) {
          const row = yy * width;
          for (let xx = x0; xx < x1; xx++) sum += data[row + xx]!;
        }
        out.data[y * w + x] = sum / ((y1 - y0) * (x1 - x0));
      }
    }
    return out;
  }
  for (let y = 0; y < h; y++) {
    const fy = Math.min(height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(width - 1, x0 + 1);
      const wx = fx - x0;
      const top = data[y0 * width + x0]! * (1 - wx) + data[y0 * width + x1]! * wx;
      const bottom = data[y1 * width + x0]! * (1 - wx) + data[y1 * width + x1]! * wx;
      out.data[y * w + x] = top * (1 - wy) + bottom * wy;
    }
  }
  return out;
}

/** Shrunk so that its longer side is at most `maxSide` (returned as is when already smaller). */
export function fitWithin(gray: GrayImage, maxSide: number): GrayImage {
  const longer = Math.max(gray.width, gray.height);
  return longer <= maxSide ? gray : resize(gray, maxSide / longer);
}

function mean(gray: GrayImage): number {
  let sum = 0;
  for (const v of gray.data) sum += v;
  return gray.data.length === 0 ? 0 : sum / gray.data.length;
}

/** Contrast multiplied by `factor` around the image's mean brightness (2 = doubled contrast). */
export function scaleContrast(gray: GrayImage, factor: number): GrayImage {
  const m = mean(gray);
  const out = grayOf(gray.width, gray.height);
  for (let i = 0; i < gray.data.length; i++) out.data[i] = (gray.data[i]! - m) * factor + m;
  return out;
}

function histogram(gray: GrayImage): Uint32Array {
  const counts = new Uint32Array(256);
  for (const v of gray.data) counts[v]!++;
  return counts;
}

/**
 * Levels stretched so that the darkest `clip` share of pixels becomes black and the lightest
 * becomes white: lifts washed-out or dim photos without a fixed factor.
 */
export function stretchLevels(gray: GrayImage, clip = 0.01): GrayImage {
  const counts = histogram(gray);
  const limit = gray.data.length * clip;
  let low = 0;
  for (let seen = 0; low < 255; low++) {
    seen += counts[low]!;
    if (seen > limit) break;
  }
  let high = 255;
  for (let seen = 0; high > 0; high--) {
    seen += counts[high]!;
    if (seen > limit) break;
  }
  const out = grayOf(gray.width, gray.height);
  if (high <= low) {
    out.data.set(gray.data);
    return out;
  }
  const scale = 255 / (high - low);
  for (let i = 0; i < gray.data.length; i++) out.data[i] = (gray.data[i]! - low) * scale;
  return out;
}

/** The global threshold that best separates dark from light pixels (Otsu's method). */
export function otsuLevel(gray: GrayImage): number {
  const counts = histogram(gray);
  const total = gray.data.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * counts[i]!;
  let sumDark = 0;
  let dark = 0;
  let best = -1;
  let level = 127;
  for (let i = 0; i < 256; i++) {
    dark += counts[i]!;
    if (dark === 0) continue;
    const light = total - dark;
    if (light === 0) break;
    sumDark += i * counts[i]!;
    const between = dark * light * (sumDark / dark - (sumAll - sumDark) / light) ** 2;
    if (between > best) {
      best = between;
      level = i;
    }
  }
  return level;
}

/** Black and white at Otsu's threshold. */
export function otsuThreshold(gray: GrayImage): GrayImage {
  const level = otsuLevel(gray);
  const out = grayOf(gray.width, gray.height);
  for (let i = 0; i < gray.data.length; i++) out.data[i] = gray.data[i]! > level ? 255 : 0;
  return out;
}

/** Each pixel replaced by the mean of the (2·radius+1)² square around it, clipped at the edges. */
export function boxBlur(gray: GrayImage, radius: number): GrayImage {
  const { data, width, height } = gray;
  const stride = width + 1;
  // Summed-area table: any box mean costs four look-ups.
  const table = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      table[(y + 1) * stride + x + 1] = table[y * stride + x + 1]! + row;
    }
  }
  const out = grayOf(width, height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const sum =
        table[y1 * stride + x1]! -
        table[y0 * stride + x1]! -
        table[y1 * stride + x0]! +
        table[y0 * stride + x0]!;
      out.data[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/**
 * Black where a pixel is darker than its neighbourhood's mean by more than `offset`, white
 * elsewhere: copes with shadows and glare that defeat one global threshold.
 */
export function adaptiveThreshold(gray: GrayImage, radius: number, offset: number): GrayImage {
  const local = boxBlur(gray, radius);
  const out = grayOf(gray.width, gray.height);
  for (let i = 0; i < gray.data.length; i++) {
    out.data[i] = gray.data[i]! < local.data[i]! - offset ? 0 : 255;
  }
  return out;
}

/** Edges sharpened: the difference from a box-blurred copy added back `amount` times. */
export function unsharpMask(gray: GrayImage, radius: number, amount: number): GrayImage {
  const blurred = boxBlur(gray, radius);
  const out = grayOf(gray.width, gray.height);
  for (let i = 0; i < gray.data.length; i++) {
    const v = gray.data[i]!;
    out.data[i] = v + (v - blurred.data[i]!) * amount;
  }
  return out;
}

/**
 * A label wrapped round a cylinder (a boot's shaft, a pole) whose axis runs up the middle of the
 * picture, laid flat again: the camera sees a point at arc length s from the middle at
 * r·sin(s/r), so the bars crowd towards the sides; each column of the result takes the picture's
 * column where its arc length lands. `radius` is the cylinder's, in pixels; the result is as wide
 * as the visible half-circumference allows.
 */
export function unwrapCylinder(gray: GrayImage, radius: number): GrayImage {
  const middle = gray.width / 2;
  const halfArc = radius * Math.asin(Math.min(1, middle / radius));
  const width = Math.max(1, Math.round(2 * halfArc));
  const out = grayOf(width, gray.height);
  for (let x = 0; x < width; x++) {
    const source = middle + radius * Math.sin((x - halfArc) / radius);
    const left = Math.min(gray.width - 1, Math.max(0, Math.floor(source)));
    const right = Math.min(gray.width - 1, left + 1);
    const weight = source - Math.floor(source);
    for (let y = 0; y < gray.height; y++) {
      const row = y * gray.width;
      out.data[y * width + x] =
        gray.data[row + left]! * (1 - weight) + gray.data[row + right]! * weight;
    }
  }
  return out;
}
