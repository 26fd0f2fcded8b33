export {
  BARCODE_FORMATS,
  BarcodeFormat,
  isBarcodeFormat,
  toProductRead,
  upcAToUpcE,
  type RawRead,
} from './formats';
export {
  decodeBarcode,
  DecodeMode,
  type DecodeResult,
  DecodeStrategy,
  PHOTO_STRATEGIES,
  prepareDecoder,
  type WasmSource,
} from './decoder';
export {
  adaptiveThreshold,
  boxBlur,
  fitWithin,
  type GrayImage,
  otsuLevel,
  otsuThreshold,
  resize,
  type RgbaImage,
  scaleContrast,
  stretchLevels,
  toGray,
  toRgba,
  unsharpMask,
} from './preprocess';
