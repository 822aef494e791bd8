// The discovery forms: when each may be sent and what it sends (the rules the board and the
// prospect page used to compute inline; the stage move's missing field is the server's rule too).
import { describe, expect, it } from 'vitest';
import {
  canBookVisit,
  canConvertWith,
  canLogCall,
  canSaveProspect,
  canSubmitMove,
  conversionBody,
  EMPTY_PROSPECT_FORM,
  moveFields,
  moveMissing,
  prospectBody,
} from '../../../../machines/discovery/prospect-forms.ts';

const none = { warned: false, confirmed: false };

describe('a new prospect', () => {
  it('needs a first name and an email or a phone', () => {
    expect(canSaveProspect(EMPTY_PROSPECT_FORM, none)).toBe(false);
    expect(canSaveProspect({ ...EMPTY_PROSPECT_FORM, first_name: 'Asha' }, none)).toBe(false);
    expect(canSaveProspect({ ...EMPTY_PROSPECT_FORM, first_name: '  ', email: 'a@example.com' }, none)).toBe(false);
    expect(canSaveProspect({ ...EMPTY_PROSPECT_FORM, first_name: 'Asha', email: 'a@example.com' }, none)).toBe(true);
    expect(canSaveProspect({ ...EMPTY_PROSPECT_FORM, first_name: 'Asha', phone: '+919800000000' }, none)).toBe(true);
  });

  it('after a duplicate warning, only with "save anyway" ticked', () => {
    const form = { ...EMPTY_PROSPECT_FORM, first_name: 'Asha', email: 'a@example.com' };
    expect(canSaveProspect(form, { warned: true, confirmed: false })).toBe(false);
    expect(canSaveProspect(form, { warned: true, confirmed: true })).toBe(true);
  });

  it('is sent trimmed, with empty contacts as null and interests as a list', () => {
    const form = {
      ...EMPTY_PROSPECT_FORM,
      first_name: ' Asha ',
      last_name: ' Rao ',
      email: ' ',
      phone: ' +919800000000 ',
      owner: '4',
      interests: 'hbot, , iv ',
    };
    expect(prospectBody(form, false)).toEqual({
      first_name: 'Asha',
      last_name: 'Rao',
      email: null,
      phone: '+919800000000',
      source: 'walk_in',
      referred_by: '',
      owner: 4,
      next_action: '',
      next_action_on: null,
      interests: ['hbot', 'iv'],
      notes: '',
    });
    expect(prospectBody(EMPTY_PROSPECT_FORM, true)).toMatchObject({ owner: null, interests: [], confirm_duplicate: true });
  });
});

describe('a stage move', () => {
  it('to lost or not a fit lacks a reason until one is typed', () => {
    expect(moveMissing('lost', {})).toBe('reason');
    expect(moveMissing('not_a_fit', { reason: '  ' })).toBe('reason');
    expect(moveMissing('lost', { reason: 'Moved away' })).toBeNull();
  });

  it('to nurture lacks its follow-up date', () => {
    expect(moveMissing('nurture', { reason: 'x' })).toBe('nurture_on');
    expect(moveMissing('nurture', { nurture_on: '2026-12-01' })).toBeNull();
  });

  it('elsewhere lacks nothing, but a stage must be picked', () => {
    expect(moveMissing('contacted', {})).toBeNull();
    expect(canSubmitMove('contacted', {})).toBe(true);
    expect(canSubmitMove('', {})).toBe(false);
    expect(canSubmitMove('lost', { reason: '' })).toBe(false);
  });

  it('sends only what its stage asks for', () => {
    const form = { reason: 'Moved away', nurture_on: '2026-12-01' };
    expect(moveFields('lost', form)).toEqual({ reason: 'Moved away' });
    expect(moveFields('nurture', form)).toEqual({ nurture_on: '2026-12-01' });
    expect(moveFields('contacted', form)).toEqual({});
  });
});

describe('calls, visits and conversion', () => {
  it('a call needs its summary', () => {
    expect(canLogCall(' ')).toBe(false);
    expect(canLogCall('Called back')).toBe(true);
  });

  it('a visit needs a service and a free time', () => {
    expect(canBookVisit({ service: '2', start: '' })).toBe(false);
    expect(canBookVisit({ service: '', start: '2026-12-01T10:00:00+05:30' })).toBe(false);
    expect(canBookVisit({ service: '2', start: '2026-12-01T10:00:00+05:30' })).toBe(true);
  });

  it('a conversion needs the sign-in email, and enrols only with a program', () => {
    expect(canConvertWith({ email: ' ', program: '', start_date: '2026-12-01' })).toBe(false);
    expect(canConvertWith({ email: 'a@example.com', program: '', start_date: '2026-12-01' })).toBe(true);
    expect(conversionBody({ email: ' a@example.com ', program: '', start_date: '2026-12-01' })).toEqual({ email: 'a@example.com' });
    expect(conversionBody({ email: 'a@example.com', program: '3', start_date: '2026-12-01' })).toEqual({
      email: 'a@example.com',
      program: 3,
      start_date: '2026-12-01',
    });
  });
});
