// The clinic logo under the kill -9 test (tests/reliability/faults.test.ts): 150 administrators'
// uploads of different images at once, SIGKILL, restart. Every acknowledged upload left its audit
// event (they commit together, so none is lost); the logo is there and whole: one of the images
// sent, served byte for byte under its own checksum.
import { createHash } from 'node:crypto';
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

// Enough that the kill lands mid-stream: with 60, PostgreSQL could acknowledge all of them between
// the third acknowledgement and the SIGKILL.
const UPLOADS = 150;

/** A different valid-looking PNG per upload: the signature, then bytes that name it. */
const image = (i: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`logo ${i} `.repeat(200))]);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function killDuringLogoUploads(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  const token = await options.token(server.baseUrl);
  const target = server;
  const acknowledged = await killMidWrites(
    target,
    UPLOADS,
    (i) => call(target.baseUrl, token, 'PUT', '/clinic/logo', { content_base64: image(i).toString('base64') }),
    () => undefined,
  );
  server = await options.start();
  const after = await options.token(server.baseUrl);
  const events = ok(await call(server.baseUrl, after, 'GET', '/audit/events?action=settings.logo.upload&page=1&page_size=1'), 'audit after restart');
  const lost = Math.max(0, acknowledged - (events.count as number));
  const settings = ok(await call(server.baseUrl, after, 'GET', '/clinic/settings'), 'settings after restart');
  let broken = 0;
  if (!settings.logo_url) broken += 1;
  else {
    const served = Buffer.from(await (await fetch(`${server.baseUrl}${settings.logo_url}`)).arrayBuffer());
    const sent = Array.from({ length: UPLOADS }, (_, i) => sha(image(i)));
    if (!sent.includes(sha(served)) || !settings.logo_url.endsWith(sha(served).slice(0, 16))) broken += 1;
  }
  await server.stop('SIGTERM');
  return { acknowledged, lost, broken };
}
