// @vitest-environment happy-dom
// The /login page's spec texts and the authenticator-app setup's copy confirmation, rendered
// with fake identity actors.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { LOGO_ALT, TEXTS } from '../../../../machines/identity/texts.ts';
import { AuthProvider } from '../../../../src/features/identity/auth-provider.tsx';
import { LoginPage } from '../../../../src/features/identity/login-page.tsx';
import { TotpSetup } from '../../../../src/features/identity/totp-setup.tsx';
import { BASE_CONFIG } from '../../machines/identity/authenticator.model.ts';

afterEach(cleanup);

const signedOut = {
  getCurrentUser: fromPromise(async () => {
    throw Object.assign(new Error('User needs to be authenticated to call this API.'), { name: 'UserUnAuthenticatedException' });
  }),
};

describe('LoginPage', () => {
  it('shows the spec heading and placeholders, focuses the username and hides Create Account', async () => {
    render(
      <AuthProvider actors={signedOut as never} config={BASE_CONFIG}>
        <LoginPage />
      </AuthProvider>,
    );
    const username = await screen.findByPlaceholderText(TEXTS.usernamePlaceholder);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(TEXTS.loginHeading);
    expect(screen.getByPlaceholderText(TEXTS.passwordPlaceholder)).toBeTruthy();
    expect(screen.queryByText(TEXTS.createAccount)).toBeNull();
    expect(document.activeElement).toBe(username);
    expect(screen.queryAllByRole('button', { name: /Sign In with/ })).toEqual([]);
  });

  it('names the clinic above the spec heading, the heading itself unchanged (issue 24)', async () => {
    render(
      <AuthProvider actors={signedOut as never} config={BASE_CONFIG}>
        <LoginPage clinicName="Sunrise Wellness Kochi" />
      </AuthProvider>,
    );
    await screen.findByPlaceholderText(TEXTS.usernamePlaceholder);
    const name = screen.getByTestId('sign-in-clinic-name');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(name.textContent).toBe('Sunrise Wellness Kochi');
    expect(heading.textContent).toBe(TEXTS.loginHeading);
    expect(name.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the clinic logo, when one is uploaded, above the name, described by the name (issue 24)', async () => {
    render(
      <AuthProvider actors={signedOut as never} config={BASE_CONFIG}>
        <LoginPage clinicName="Sunrise Wellness Kochi" clinicLogo="/clinic-logo?v=0123456789abcdef" />
      </AuthProvider>,
    );
    await screen.findByPlaceholderText(TEXTS.usernamePlaceholder);
    const logo = screen.getByRole('img', { name: LOGO_ALT('Sunrise Wellness Kochi') });
    expect(logo.getAttribute('src')).toBe('/clinic-logo?v=0123456789abcdef');
    expect(logo.compareDocumentPosition(screen.getByTestId('sign-in-clinic-name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no image without a logo', async () => {
    render(
      <AuthProvider actors={signedOut as never} config={BASE_CONFIG}>
        <LoginPage clinicName="Sunrise Wellness Kochi" clinicLogo={null} />
      </AuthProvider>,
    );
    await screen.findByPlaceholderText(TEXTS.usernamePlaceholder);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('offers the Create Account tab when sign-up is allowed', async () => {
    render(
      <AuthProvider actors={signedOut as never} config={BASE_CONFIG}>
        <LoginPage allowSignUp />
      </AuthProvider>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: TEXTS.createAccount }));
    expect(await screen.findByRole('button', { name: TEXTS.createAccount })).toBeTruthy();
    expect(screen.getByLabelText(/Country Code/)).toBeTruthy();
  });
});

describe('TotpSetup', () => {
  it('shows a 228x228 QR code and confirms copying the secret', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<TotpSetup secret="JBSWY3DPEHPK3PXP" account="ada@example.com" />);
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect([qr.getAttribute('width'), qr.getAttribute('height')]).toEqual(['228', '228']);
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied!'));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
  });
});
