// @vitest-environment happy-dom
// The app machine's model paths replayed against the rendered shell (like the sign-in component's):
// the real AppShell renders a real app actor whose leaf actors (profile load, users prefetch,
// consent save) settle as the path says and whose children (consent, guard, version, inactivity,
// session) are the real ones. What a user does is done through the views (the user menu's Sign out,
// the banner's and the alert's Close, the consent dialog); the rest is sent as the sign-in
// component, the router and the children would. After every step the snapshot must be the one the
// path predicts, and the screen must show what the snapshot says.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import { appChildren, appMachine } from '../../../../machines/app/app-machine.ts';
import { selectDisplayName, selectPhase, selectPortalClient, selectProfileBanner, selectSessionExpired } from '../../../../machines/app/selectors.ts';
import type { AppServices } from '../../../../src/app/shell/app-api.ts';
import { AppShell, preloadSignedIn } from '../../../../src/app/shell/app-shell.tsx';
import { profileErrorText } from '../../../../src/app/shell/profile-errors.ts';
import { PROFILE_TEXTS } from '../../../../machines/identity/texts.ts';
import { accountMenuLabel, CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE, SESSION_EXPIRED, SIGN_OUT } from '../../../../src/app/shell-text.ts';
import { deferredActors, type ModelPath, selectedPaths, serialize } from '../../../support/model-paths.ts';
import { model } from './app.model.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const CONFIG = { apiBase: '/api/v1', superAdminEmail: 'root@clinic.test' } as never;

const paths = selectedPaths(model);

// The signed-in frames are a chunk loaded on demand; the screen is checked right after each step.
beforeAll(() => preloadSignedIn());
afterEach(cleanup);

function mount(path: ModelPath) {
  const leaf = deferredActors(appMachine);
  const saves: Array<{ resolve(): void; reject(e: unknown): void }> = [];
  const idle = fromCallback(() => {});
  const logic = appMachine.provide({
    actors: {
      ...leaf.actors,
      session: appChildren.session.provide({ actors: { refreshSession: fromPromise(() => new Promise<string>(() => {})) } }),
      version: appChildren.version.provide({ actors: { fetchVersion: fromPromise(() => new Promise<string>(() => {})) } }),
      inactivity: appChildren.inactivity,
      guard: appChildren.guard,
      consent: appChildren.consent.provide({
        actors: { recordConsent: fromPromise(() => new Promise<void>((resolve, reject) => saves.push({ resolve, reject }))) },
      }),
      watchAuth: idle,
      watchLocation: idle,
      watchActivity: idle,
      watchVisibility: idle,
    } as never,
    actions: { signOut: () => {} },
  });
  let actor: ReturnType<typeof createActor<typeof logic>> | null = null;
  const services = {
    api: {} as never,
    logic,
    input: path.spec.input as never,
    attach(a: never) {
      actor = a;
    },
  } as unknown as AppServices;
  const location = memoryLocation({ path: '/', record: true });
  render(
    <SnackbarProvider>
      <Router hook={location.hook}>
        <AppShell config={CONFIG} authenticator={{} as never} loginPage={<div data-testid="login-page" />} services={services} />
      </Router>
    </SnackbarProvider>,
  );
  return { app: () => actor!, leaf, saves, location };
}

async function drive(event: AnyEventObject, t: ReturnType<typeof mount>) {
  const app = t.app();
  const click = async (element: HTMLElement) => {
    await act(async () => {
      fireEvent.click(element);
      await tick();
    });
  };
  if (event.type === 'app.signOut' && document.querySelector('#user-menu-button')) {
    await click(document.querySelector<HTMLElement>('#user-menu-button')!);
    // Staff reach their own profile (their passkeys) from the menu; a client has Profile in the portal's navigation
    const profile = screen.queryByRole('menuitem', { name: PROFILE_TEXTS.menuItem });
    expect(profile?.getAttribute('href') ?? null).toBe(document.querySelector('[data-layout="staff"]') ? '/profile' : null);
    await click(screen.getByRole('menuitem', { name: SIGN_OUT }));
    return;
  }
  if (event.type === 'banner.dismiss' && screen.queryByTestId('profile-banner')) {
    await click(within(screen.getByTestId('profile-banner')).getByRole('button', { name: /close/i }));
    return;
  }
  if (event.type === 'notice.dismiss' && screen.queryByTestId('session-expired')) {
    await click(within(screen.getByTestId('session-expired')).getByRole('button', { name: /close/i }));
    return;
  }
  if (event.type === 'xstate.done.actor.consent') {
    // The client ticks the box and continues; the save succeeds.
    const dialog = screen.getByRole('dialog');
    const box = within(dialog).getByRole('checkbox', { name: CONSENT_ACCEPT_LABEL }) as HTMLInputElement;
    if (!box.checked) await click(box);
    await click(within(dialog).getByRole('button', { name: CONSENT_CONTINUE }));
    await act(async () => {
      t.saves.shift()!.resolve();
      await tick();
    });
    return;
  }
  if (event.type === 'consent.tickRequired' && screen.queryByRole('dialog')) {
    const dialog = screen.getByRole('dialog');
    const box = within(dialog).getByRole('checkbox', { name: CONSENT_ACCEPT_LABEL }) as HTMLInputElement;
    if (box.checked) await click(box);
    await act(async () => {
      fireEvent.keyDown(dialog.querySelector('.MuiDialogContent-root')!, { key: 'Enter' });
      await tick();
    });
    return;
  }
  if (event.type === 'consent.saveFailed' && screen.queryByRole('dialog')) {
    const dialog = screen.getByRole('dialog');
    const box = within(dialog).getByRole('checkbox', { name: CONSENT_ACCEPT_LABEL }) as HTMLInputElement;
    if (!box.checked) await click(box);
    await click(within(dialog).getByRole('button', { name: CONSENT_CONTINUE }));
    await act(async () => {
      t.saves.shift()!.reject(new Error('500'));
      await tick();
    });
    return;
  }
  await act(async () => {
    if (!t.leaf.settle(event)) app.send(event as never);
    await tick();
  });
}

function expectScreen(t: ReturnType<typeof mount>) {
  const s = t.app().getSnapshot();
  const phase = selectPhase(s);
  const banner = selectProfileBanner(s);
  expect(screen.queryByTestId('profile-banner')?.textContent ?? null).toBe(banner ? profileErrorText(banner.failure) : null);
  if (phase === 'restoring') {
    expect(document.querySelector('[data-layout]')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    return;
  }
  if (phase === 'signedOut') {
    expect(document.querySelector('[data-layout]')).toBeNull();
    if (t.location.history?.at(-1)?.split('?')[0] === '/login') {
      expect(screen.getByTestId('login-page')).toBeTruthy();
      expect(screen.queryByText(SESSION_EXPIRED) !== null).toBe(selectSessionExpired(s));
    }
    return;
  }
  expect(screen.queryByTestId('session-expired')).toBeNull();
  if (s.context.role === 'CLIENT') {
    const client = selectPortalClient(s);
    if (client) {
      expect(document.querySelector('[data-layout="portal"]')).toBeTruthy();
      expect(menuButtonName()).toBe(selectDisplayName(s));
      expect(screen.queryByRole('dialog') !== null).toBe(s.matches({ auth: { signedIn: { profile: 'consentRequired' } } }));
    } else {
      expect(document.querySelector('[data-layout]')).toBeNull();
      expect(screen.getByRole('progressbar', { name: 'Loading your profile' })).toBeTruthy();
    }
  } else {
    expect(document.querySelector('[data-layout="staff"]')).toBeTruthy();
    expect(menuButtonName()).toBe(selectDisplayName(s) || s.context.user?.email);
  }
}

/** Who the account button names: its text on a wide bar; on a narrow one it shows initials and names the person in its label. */
function menuButtonName(): string | null | undefined {
  const button = document.querySelector('#user-menu-button');
  const label = button?.getAttribute('aria-label');
  return label ? label.replace(accountMenuLabel(''), '') : button?.textContent;
}

describe('the app machine replays its model paths on the rendered shell', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const t = mount(path);
    await act(tick);
    expectScreen(t);
    for (const step of path.steps) {
      await drive(step.event, t);
      expect(serialize(t.app().getSnapshot())).toBe(serialize(step.state));
      expectScreen(t);
    }
  });
});
