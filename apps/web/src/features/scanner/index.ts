// The public face of features/scanner: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { ScannerHost } from './components/scanner-host';
export { useBatchScan } from './hooks/use-batch-scan';
export { useKeyboardWedge } from './hooks/use-keyboard-wedge';
export { useScanner } from './hooks/use-scanner';
export { currentWedgeTarget, useWedgeTarget } from './hooks/use-wedge-target';
export { scanCode, type ScanVerdict, useScannerStore } from './stores/scanner-store';
export { classifySmartScan, extractSerialNumber } from './utils/scan-rules';
