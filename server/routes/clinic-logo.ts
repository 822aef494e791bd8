// /clinic-logo: the clinic's logo for the sign-in page, before anyone signs in (so outside the
// API and its bearer check). The URL /config.json gives carries the checksum, so a version may be
// cached for good; a new upload is a new URL. Served as the type its bytes were checked to be.
import type { FastifyInstance } from 'fastify';
import { readLogo } from '../api/clinic/logo.ts';

export async function clinicLogoRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { v?: string } }>('/clinic-logo', async (request, reply) => {
    const logo = await readLogo(app.runtime.database.db);
    if (!logo) return reply.code(404).header('cache-control', 'no-cache').send({ detail: 'No logo has been uploaded.' });
    const versioned = request.query.v === logo.sha256.slice(0, 16);
    return reply
      .code(200)
      .header('content-type', logo.content_type)
      .header('content-length', String(logo.content.length))
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline; filename="clinic-logo"')
      .header('etag', `"${logo.sha256}"`)
      .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(logo.content);
  });
}
