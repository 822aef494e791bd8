// @vitest-environment happy-dom
// The boot chart's model paths replayed on the app's root (issue 33): the real AppRoot, whose
// /config.json load settles as each path says. The network failure's Retry is pressed on the
// screen; after every step the root shows the loading status, the network error with Retry, the
// configuration error (no retry), or, once configured, no boot screen at all.
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, expect, vi } from 'vitest';
import { AppRoot } from '../../../../src/app/app-root.tsx';
import { BOOT_RETRY, CONFIGURATION_ERROR, PROFILE_ERROR_NETWORK } from '../../../../src/app/shell-text.ts';
import { configureAmplify } from '../../../../src/lib/runtime-config.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { model } from './boot.model.ts';

// Once configured the signed-out app renders and asks its identity service who is signed in; that
// answer is the app chart's business (app-views.test.tsx), so here it never comes. Amplify is
// configured as the real configuration load would have (the path settles that load itself).
beforeAll(() => {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  configureAmplify({
    amplify: { version: '1', auth: { aws_region: 'ap-south-1', user_pool_id: 'ap-south-1_clinic', user_pool_client_id: 'clinic-web' } },
    identityEndpoint: 'http://clinic.test/identity',
  } as never);
});

describeReplayOnView('the app root', {
  model,
  mount: (_, wrap) => render(wrap(<AppRoot />)),
  drive: async (event) => {
    const retry = event.type === 'boot.retry' && screen.queryByRole('button', { name: BOOT_RETRY });
    if (retry) await step(() => fireEvent.click(retry));
    return !!retry;
  },
  expectScreen: (snapshot) => {
    const failure = document.querySelector('[data-boot-failure]')?.getAttribute('data-boot-failure') ?? null;
    expect(failure).toBe(snapshot.matches('networkFailed') ? 'network' : snapshot.matches('configurationFailed') ? 'configuration' : null);
    expect(screen.queryByText(PROFILE_ERROR_NETWORK) !== null).toBe(snapshot.matches('networkFailed'));
    expect(screen.queryByRole('button', { name: BOOT_RETRY }) !== null).toBe(snapshot.matches('networkFailed'));
    expect(screen.queryByText(CONFIGURATION_ERROR) !== null).toBe(snapshot.matches('configurationFailed'));
    expect(document.querySelector('[role="status"] [aria-label="Loading"]') !== null).toBe(snapshot.matches('loading'));
  },
});
