/** Why the live camera could not start (spec §8 camera errors); each has a message and advice. */
export const CameraError = {
  insecureContext: 'insecureContext',
  noStreamSupport: 'noStreamSupport',
  streamTimeout: 'streamTimeout',
  notReadable: 'notReadable',
  secureConnectionNeeded: 'secureConnectionNeeded',
  notSupported: 'notSupported',
  permissionDenied: 'permissionDenied',
  notFound: 'notFound',
  unsupportedConfig: 'unsupportedConfig',
  overConstrained: 'overConstrained',
  unknown: 'unknown',
} as const;
export type CameraError = (typeof CameraError)[keyof typeof CameraError];

/** Raised when the video does not start playing in time. */
export class StreamTimeoutError extends Error {
  override name = 'StreamTimeoutError';
}

/** Can this page use the camera at all? Null when it can. */
export function cameraSupportProblem(
  env: { isSecureContext: boolean; mediaDevices?: { getUserMedia?: unknown } } = {
    isSecureContext: globalThis.isSecureContext,
    mediaDevices: globalThis.navigator?.mediaDevices,
  },
): CameraError | null {
  if (!env.isSecureContext) return CameraError.insecureContext;
  if (typeof env.mediaDevices?.getUserMedia !== 'function') return CameraError.noStreamSupport;
  return null;
}

/** The kind of a getUserMedia / video failure, from the error's standard name. */
export function cameraErrorOf(error: unknown): CameraError {
  if (error instanceof StreamTimeoutError) return CameraError.streamTimeout;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return CameraError.permissionDenied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return CameraError.notFound;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return CameraError.notReadable;
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return CameraError.overConstrained;
    case 'SecurityError':
      return CameraError.secureConnectionNeeded;
    case 'NotSupportedError':
      return CameraError.notSupported;
    case 'TypeError':
      return CameraError.unsupportedConfig;
    default:
      return CameraError.unknown;
  }
}

/** Errors worth one more try with the most basic camera request. */
export function retriesWithBasicSettings(kind: CameraError): boolean {
  return kind === CameraError.notReadable || kind === CameraError.overConstrained;
}

/** Huawei and HarmonyOS browsers focus poorly in live scanning (spec §2 hint). */
export function isHuaweiDevice(userAgent: string): boolean {
  return /huawei|honor|harmonyos|openharmony/i.test(userAgent);
}
