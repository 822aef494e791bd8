// What the shell's views read from the boot, consent, guard, inactivity, version and session
// charts: each named selector against the states it names (the reads the views used to make
// with state names inline).
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, StateValue } from 'xstate';
import { bootMachine } from '../../../../machines/app/boot-machine.ts';
import {
  isSessionActive,
  isSessionSettled,
  selectBootConfig,
  selectBootScreen,
  selectConsentOpen,
  selectConsentSaving,
  selectConsentTicked,
  selectInactivityWarning,
  selectRouteAllowed,
  selectUpdateAvailable,
} from '../../../../machines/app/shell-selectors.ts';
import { consentMachine } from '../../../../machines/consent/consent-machine.ts';
import { guardMachine } from '../../../../machines/guard/guard-machine.ts';
import { inactivityMachine } from '../../../../machines/inactivity/inactivity-machine.ts';
import { sessionMachine } from '../../../../machines/session/session-machine.ts';
import { versionMachine } from '../../../../machines/version/version-machine.ts';

/** The chart's snapshot in `value` with the given context; no actor is started. */
const at = (machine: AnyStateMachine, value: StateValue, context: Record<string, unknown> = {}) => machine.resolveState({ value, context }) as never;

describe('the boot screen', () => {
  it('shows loading, or the failure, and the configuration once ready', () => {
    expect(selectBootScreen(at(bootMachine, 'loading', { config: null }))).toBe('loading');
    expect(selectBootScreen(at(bootMachine, 'networkFailed', { config: null }))).toBe('network');
    expect(selectBootScreen(at(bootMachine, 'configurationFailed', { config: null }))).toBe('configuration');
    expect(selectBootConfig(at(bootMachine, 'loading', { config: { a: 1 } }))).toBeNull();
    expect(selectBootConfig(at(bootMachine, 'ready', { config: { a: 1 } }))).toEqual({ a: 1 });
  });
});

describe('the consent dialog', () => {
  it('is open while asking and saving, ticked once ticked, saving while saved', () => {
    const unticked = at(consentMachine, { asking: 'unticked' });
    const ticked = at(consentMachine, { asking: 'ticked' });
    const saving = at(consentMachine, 'saving');
    expect([selectConsentOpen(unticked), selectConsentTicked(unticked), selectConsentSaving(unticked)]).toEqual([true, false, false]);
    expect([selectConsentOpen(ticked), selectConsentTicked(ticked), selectConsentSaving(ticked)]).toEqual([true, true, false]);
    expect([selectConsentOpen(saving), selectConsentTicked(saving), selectConsentSaving(saving)]).toEqual([true, true, true]);
    expect(selectConsentOpen(at(consentMachine, 'deciding'))).toBe(false);
    expect(selectConsentOpen(undefined)).toBe(false);
  });
});

describe('guard, inactivity and version', () => {
  it('name the one state each view shows', () => {
    expect(selectRouteAllowed(at(guardMachine, 'allowed'))).toBe(true);
    expect(selectRouteAllowed(at(guardMachine, 'waiting'))).toBe(false);
    expect(selectRouteAllowed(undefined)).toBe(false);
    expect(selectInactivityWarning(at(inactivityMachine, 'warning'))).toBe(true);
    expect(selectInactivityWarning(at(inactivityMachine, 'active'))).toBe(false);
    expect(selectInactivityWarning(undefined)).toBe(false);
    expect(selectUpdateAvailable(at(versionMachine, 'updateAvailable'))).toBe(true);
    expect(selectUpdateAvailable(at(versionMachine, 'waiting'))).toBe(false);
    expect(selectUpdateAvailable(undefined)).toBe(false);
  });
});

describe('the session', () => {
  it('is settled unless refreshing, and usable only while active', () => {
    expect(isSessionSettled(at(sessionMachine, 'refreshing'))).toBe(false);
    expect(isSessionSettled(at(sessionMachine, 'expired'))).toBe(true);
    expect(isSessionActive(at(sessionMachine, 'active'))).toBe(true);
    expect(isSessionActive(at(sessionMachine, 'expired'))).toBe(false);
  });
});
