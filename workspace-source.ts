/**
 * Inside the workspace, `@reviewdesk/*` packages resolve to their TypeScript source: each JS entry
 * of packages/<name>/package.json carries a `"@reviewdesk/source": "./src/<entry>.ts"` condition
 * before `"import"` (packages/LAYOUT.md). A change in one package is then seen by the tests, the
 * web app's dev server and Storybook of the others without rebuilding its dist/.
 *
 * Only the tools configured here ask for the condition (Vite, Vitest, tsc through
 * `customConditions` in tsconfig.base.json). Node, bundlers of a host application, publint, attw,
 * size-limit and API Extractor do not know it and read `"import"`, that is dist/, as published.
 */
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';

export const SOURCE_CONDITION = '@reviewdesk/source';

/** Vite/Vitest plugin: the source condition first, then Vite's own defaults, for browser and SSR. */
export function workspaceSource(): Plugin {
  return {
    name: 'reviewdesk:workspace-source',
    // Storybook's Vitest plugin applies main.ts's viteFinal on top of its own config: once is enough.
    config: (config) =>
      config.resolve?.conditions?.includes(SOURCE_CONDITION)
        ? {}
        : {
            resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
            ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
          },
  };
}
