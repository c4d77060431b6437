// API reports (API Extractor): every package entry's public API, as its built declarations show
// it, is written to packages/<name>/api/<entry>.api.md and checked in. `npm test` runs
// `pnpm run api:check`, which fails when the API changed and the report was not updated; then run
// `pnpm run api:update` and commit the new report with the change, so the review shows the API diff.
// Reads dist/*.d.ts: run after `pnpm run build`.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const update = process.argv.includes('--local');
const silent = { logLevel: ExtractorLogLevel.None };

let failed = 0;
for (const dir of readdirSync(join(root, 'packages'))) {
  const folder = join(root, 'packages', dir);
  const packageJsonFullPath = join(folder, 'package.json');
  if (!existsSync(packageJsonFullPath)) continue;
  const manifest = JSON.parse(readFileSync(packageJsonFullPath, 'utf8'));
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const types = target?.import?.types;
    if (!types) continue; // styles and package.json
    const entry = subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-');
    if (update) mkdirSync(join(folder, 'api'), { recursive: true });
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: folder,
        mainEntryPointFilePath: join(folder, types),
        compiler: { overrideTsconfig: { compilerOptions: { skipLibCheck: true, lib: ['es2023', 'dom'] } } },
        apiReport: {
          enabled: true,
          reportFileName: `${entry}.api.md`,
          reportFolder: join(folder, 'api'),
          reportTempFolder: join(folder, 'node_modules', '.api-report'),
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          // Release tags (@public/@beta) and TSDoc style are not part of this project's conventions.
          extractorMessageReporting: {
            default: { logLevel: ExtractorLogLevel.Warning },
            'ae-missing-release-tag': silent,
            'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
            'ae-internal-missing-underscore': silent,
            'ae-undocumented': silent,
            // {@link} between the main and /embed entries of one package.
            'ae-unresolved-link': silent,
          },
          tsdocMessageReporting: { default: silent },
          compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
        },
      },
      configObjectFullPath: undefined,
      packageJsonFullPath,
    });
    const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false });
    const label = `${manifest.name}${subpath === '.' ? '' : subpath.slice(1)}`;
    if (result.apiReportChanged && !update) {
      failed++;
      console.error(`✗ ${label}: the public API changed and packages/${dir}/api/${entry}.api.md was not updated`);
    } else if (!result.succeeded) {
      failed++;
      console.error(`✗ ${label}: API Extractor reported ${result.errorCount} error(s)`);
    } else {
      console.log(`✓ ${label}${result.apiReportChanged ? ' (report updated)' : ''}`);
    }
  }
}
if (failed) {
  console.error('\nUpdate the API reports with `pnpm run api:update` and commit them with the change.');
  process.exit(1);
}
