// The built React app: hashed assets cached for good, everything else (index.html,
// version.json) revalidated on every use, and every other non-API GET answered with index.html
// so client-side routes survive a reload.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that belong to the server: a miss there is a JSON 404, never the SPA. */
const serverPrefixes = ['/api', '/identity', '/dev', '/assets', '/healthz', '/readyz', '/config.json', '/version.json'];

export function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  return !serverPrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export interface SpaIndex {
  send(reply: FastifyReply): FastifyReply;
}

/** Serves the web app's build and returns the index.html sender the not-found handler falls back to. */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<SpaIndex> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(`the SPA build is missing (${indexFile}); run npm run build`);
  }
  const indexHtml = fs.readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (vite.config.ts); the best one the browser accepts is sent.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: FastifyReply, filePath: string) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const send = (reply: FastifyReply) => reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', (_request, reply) => send(reply));
  return { send };
}
