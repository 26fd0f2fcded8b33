export const DEFAULT_BUFFERS_MB: number;
export function startParams(buffersMb?: number): string[];
export const WASM_TIERING_BUDGET: number;
export function optimizeOnlyHotWebAssembly(): void;
