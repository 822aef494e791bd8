// What every route module of the business API is built from.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { IdentityAdmin } from '../identity/contracts.ts';
import type { AadhaarVault } from './people/aadhaar.ts';
import type { Contract } from './contract.ts';

export interface ApiContext {
  db: Db;
  contract: Contract;
  aadhaar: AadhaarVault;
  identityAdmin(): IdentityAdmin;
  /** The super administrator's address /unauthorized shows until the clinic sets its own. */
  supportEmail: string;
}

/** Absolute URL of the same list with another page number (DRF-style `next`/`previous`). */
export function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

export function pageLinks(request: FastifyRequest, page: number, pageSize: number, count: number) {
  return {
    next: page * pageSize < count ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
  };
}

/** PostgreSQL unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}
