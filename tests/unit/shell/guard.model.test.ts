import { expect, vi } from 'vitest';
import { guardMachine } from '../../../machines/guard/guard-machine';
import { describeModel } from './model-suite';

const redirectToLogin = vi.fn();
const redirectToUnauthorized = vi.fn();
const base = { machine: guardMachine, events: [{ type: 'guard.roleChanged', role: null }, { type: 'guard.roleChanged', role: 'NURSE' }, { type: 'guard.roleChanged', role: 'CLIENT' }], actions: { redirectToLogin, redirectToUnauthorized } };

describeModel(
  'guard',
  { ...base, input: { role: 'NURSE', allowedRoles: ['NURSE', 'DOCTOR'], origin: '/clients?page=2' } },
  (snapshot) => {
    if (snapshot.matches('waiting')) expect(snapshot.hasTag('pending')).toBe(true);
    if (snapshot.matches('toLogin')) expect(redirectToLogin).toHaveBeenLastCalledWith(expect.anything(), { origin: '/clients?page=2' });
    if (snapshot.matches('toUnauthorized')) expect(redirectToUnauthorized).toHaveBeenLastCalledWith(expect.anything(), { origin: '/clients?page=2' });
    if (snapshot.matches('allowed')) expect(['NURSE', 'SUPER_ADMIN']).toContain(snapshot.context.role);
  },
  [
    { ...base, input: { role: null, allowedRoles: ['NURSE'], origin: '/clients?page=2' } },
    { ...base, input: { role: 'SUPER_ADMIN', allowedRoles: [], origin: '/clients?page=2' } },
  ],
);
