// @vitest-environment happy-dom
// The clinic logo on the back office's clinic details (issue 24): without a logo it says the
// sign-in page shows the name alone; a chosen image goes up as base64 and the preview appears;
// a file over 1 MB is refused here without sending; the server's refusal is shown; Remove sends
// DELETE and the preview goes.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClinicSettingsSection } from '../../../../src/features/clinic-settings/clinic-settings-section.tsx';
import { LOGO_NONE, LOGO_PREVIEW_ALT, LOGO_REMOVE, LOGO_TOO_BIG, LOGO_UPLOAD } from '../../../../src/features/clinic-settings/texts.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';

afterEach(cleanup);

const settings = (logo_url: string | null) => ({
  name: 'Sunrise Wellness Kochi',
  address_line_1: '',
  address_line_2: '',
  city: 'Kochi',
  state: 'Kerala',
  zipcode: '682001',
  country: 'India',
  phone: '',
  email: '',
  super_admin_email: null,
  effective_super_admin_email: 'support@clinic.test',
  locale: 'en-IN',
  dial_code: '+91',
  logo_url,
  updated_at: '2026-11-26T10:00:00Z',
});

function mount(refuse?: (r: Sent) => [number, unknown] | undefined) {
  let logo: string | null = null;
  return renderPage(<ClinicSettingsSection />, {
    path: '/backoffice',
    answer: (r: Sent) => {
      const refused = refuse?.(r);
      if (refused) return refused;
      if (r.path === '/clinic/settings' && r.method === 'GET') return [200, settings(logo)];
      if (r.path === '/clinic/logo' && r.method === 'PUT') {
        logo = '/clinic-logo?v=0123456789abcdef';
        return [200, settings(logo)];
      }
      if (r.path === '/clinic/logo' && r.method === 'DELETE') {
        logo = null;
        return [200, settings(logo)];
      }
      return undefined;
    },
  });
}

const section = () => within(document.querySelector('[data-section="clinic-logo"]') as HTMLElement);
const choose = (file: File) => fireEvent.change(section().getByLabelText(LOGO_UPLOAD), { target: { files: [file] } });
const png = (size: number) => new File([new Uint8Array(size).fill(7)], 'logo.png', { type: 'image/png' });

describe('back office clinic logo', () => {
  it('uploads a chosen image as base64, shows it, and removes it', async () => {
    const { sent } = mount();
    await screen.findByText(LOGO_NONE);
    await act(async () => choose(png(10)));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT' && r.path === '/clinic/logo')?.body).toEqual({ content_base64: Buffer.alloc(10, 7).toString('base64') }),
    );
    const preview = await screen.findByRole('img', { name: LOGO_PREVIEW_ALT });
    expect(preview.getAttribute('src')).toBe('/clinic-logo?v=0123456789abcdef');

    await act(async () => fireEvent.click(section().getByRole('button', { name: LOGO_REMOVE })));
    await waitFor(() => expect(sent.some((r) => r.method === 'DELETE' && r.path === '/clinic/logo')).toBe(true));
    await screen.findByText(LOGO_NONE);
  });

  it('refuses a file over 1 MB without sending it, and shows what the server refuses', async () => {
    const { sent } = mount((r) =>
      r.method === 'PUT' ? [400, { detail: 'Invalid input.', errors: { content_base64: ['The logo must be a PNG, JPEG or WebP image.'] } }] : undefined,
    );
    await screen.findByText(LOGO_NONE);
    await act(async () => choose(png(1024 * 1024 + 1)));
    await screen.findByText(LOGO_TOO_BIG);
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);

    await act(async () => choose(new File(['<svg/>'], 'logo.png', { type: 'image/png' })));
    await screen.findByText('The logo must be a PNG, JPEG or WebP image.');
    expect(screen.queryByText(LOGO_TOO_BIG)).toBeNull();
  });
});
