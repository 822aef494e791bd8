// `npm run test:reliability:full` (run by `npm run bench`): the reliability suite with its long
// parameters (RELIABILITY_FULL=1), on PostgreSQL as well when DATABASE_URL is set, then the
// summary table (cases tried, failures, data lost). Exits non-zero when any test failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { clearReliabilityResults, renderReliabilitySummary } from '../tests/reliability/summary.ts';

clearReliabilityResults();
const result = spawnSync(path.resolve('node_modules/.bin/vitest'), ['run', 'tests/reliability', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, RELIABILITY_FULL: '1' },
});
console.log(`\n${renderReliabilitySummary(undefined, true) ?? 'Reliability summary: no results were recorded.'}`);
process.exit(result.status ?? 1);
