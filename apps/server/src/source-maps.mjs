// Loaded before the server (`node --import`, scripts/start.mjs and the Dockerfile): stack traces
// name the TypeScript source of the server's own bundle. Not `--enable-source-maps`, which also
// reads the source map of every package in node_modules that ships one: on Node 24 they held
// 30 MiB of the idle server's heap (docs/performance.md, "Memory of the embedded server").
import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
