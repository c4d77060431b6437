import { beforeAll, vi } from 'vitest';
import * as tools from '../process/run-tool.js';

/**
 * For a test file that counts the external tools a module runs, the real tools still running:
 * `runTool` is a spy around the real one, and `load` imports the module under test afresh (after
 * `beforeAll`) with the spy in place. Mocked with doMock and a fresh import, not a hoisted vi.mock,
 * so it holds also where test files share a module registry (vitest's `isolate: false`): there a
 * module another file loaded first would keep the real runTool.
 */
export function countedToolRuns<Module>(load: () => Promise<Module>): {
  runTool: ReturnType<typeof vi.fn<typeof tools.runTool>>;
  loaded: () => Module;
} {
  const runTool = vi.fn(tools.runTool);
  let module: Module | undefined;
  beforeAll(async () => {
    vi.resetModules();
    vi.doMock('../process/run-tool.js', () => ({ ...tools, runTool }));
    module = await load();
    vi.doUnmock('../process/run-tool.js');
  });
  return {
    runTool,
    loaded: () => {
      if (!module) throw new Error('the module under test is imported in beforeAll');
      return module;
    },
  };
}
