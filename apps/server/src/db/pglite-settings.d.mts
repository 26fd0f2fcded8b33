export const DEFAULT_BUFFERS_MB: number;
export function startParams(buffersMb?: number): string[];
