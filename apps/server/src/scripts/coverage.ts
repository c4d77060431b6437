// Prints how many contract operations have a handler: `pnpm --filter @reviewdesk/server run coverage`.
import { loadConfig } from '../config.js';
import { loadContract } from '../contract/contract.js';
import { handlers } from '../http/handlers/index.js';
import { coverageReport } from './coverage-report.js';

const report = coverageReport(loadContract(loadConfig().contractPath), handlers);
console.log(report.text);
