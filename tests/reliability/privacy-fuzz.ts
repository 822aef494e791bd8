// What the fuzzer needs for data exports (issue 38): per client one export, asked for by ADMIN and
// built by the privacy job (ready, so its archive can be downloaded), whose ids the privacy
// operations' paths aim at.
import { EXPORT_BUILD_JOB, exportBuildHandler } from '../../server/jobs/privacy-export.ts';
import { runDueJobs } from '../../server/jobs/queue.ts';
import type { Actor } from '../integration/api/support.ts';
import type { TestApp } from '../support/test-app.ts';

/** One ready export per client, for the fuzzer's path ids. */
export async function privacyFixtures(t: TestApp, actors: Actor[], clients: number[]): Promise<number[]> {
  const admin = actors.find((a) => a.role === 'ADMIN')!;
  const exports: number[] = [];
  for (const client of clients) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/privacy/exports',
      headers: { authorization: `Bearer ${admin.accessToken}` },
      payload: { client },
    });
    if (res.statusCode !== 201) throw new Error(`data export: ${res.statusCode}`);
    exports.push(JSON.parse(res.body).id);
  }
  await runDueJobs(t.database.db, { [EXPORT_BUILD_JOB]: exportBuildHandler(t.runtime.mail) });
  return exports;
}
