// The committed diagrams in docs/statecharts/ must match the machines under machines/: a stale
// or missing diagram fails here (fix: `npm run charts`).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHARTS_DIR, findMachines, renderAll, toMermaid } from '../../../scripts/charts.ts';
import { authenticatorMachine } from '../../../machines/sign-in/authenticator-machine.ts';

describe('statechart diagrams', () => {
  it('are current for every machine under machines/ (run `npm run charts` after changing a machine)', async () => {
    const files = await renderAll();
    const committed = fs.readdirSync(CHARTS_DIR).filter((n) => n.endsWith('.md'));
    expect(committed.sort()).toEqual([...files.keys()].sort());
    for (const [name, content] of files) {
      expect(fs.readFileSync(path.join(CHARTS_DIR, name), 'utf8'), `docs/statecharts/${name} is stale`).toBe(content);
    }
  });

  it('finds the authenticator and draws all its states and transitions', async () => {
    const found = await findMachines();
    expect(found.map((f) => f.exportName)).toContain('authenticatorMachine');
    const diagram = toMermaid(authenticatorMachine);
    expect(diagram.startsWith('stateDiagram-v2')).toBe(true);
    for (const state of ['idle', 'setup', 'transition', 'signIn', 'signUp', 'confirmSignUp', 'confirmSignIn', 'setupTotp',
      'forceNewPassword', 'forgotPassword', 'confirmResetPassword', 'verifyUser', 'confirmVerifyUser', 'signOut', 'authenticated']) {
      expect(diagram).toContain(`state "${state}"`);
    }
    expect(diagram).toContain('unauthenticated_signIn_submit --> unauthenticated_forceNewPassword : done signIn [isNewPasswordRequired] / setSignInStep');
  });
});
