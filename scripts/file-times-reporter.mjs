// A Vitest reporter that writes how long each test file took, phase by phase, to the JSON file
// named by FILE_TIMES_OUTPUT: what `.ci/run` prints its slowest files from. (The JSON reporter's
// file times run from a file's first test to its last, leaving out what its hooks before the
// tests, its imports and its environment took.)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

export default class FileTimesReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const output = process.env.FILE_TIMES_OUTPUT;
    if (!output) return;
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      const environment = d.environmentSetupDuration;
      // Vitest's prepare time includes the environment's.
      const prepare = Math.max(0, d.prepareDuration - environment);
      return {
        project: module.project.name,
        file: relative(this.root, module.moduleId),
        environment: Math.round(environment),
        prepare: Math.round(prepare),
        setup: Math.round(d.setupDuration),
        import: Math.round(d.collectDuration),
        // Hooks and tests, as Vitest's summary counts them.
        tests: Math.round(d.duration),
        total: Math.round(environment + prepare + d.setupDuration + d.collectDuration + d.duration),
        testCount: [...module.children.allTests()].length,
      };
    });
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, JSON.stringify({ files }, null, 1));
  }
}
