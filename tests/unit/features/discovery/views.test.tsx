// @vitest-environment happy-dom
// The discovery views rendered on their machines and adapter, against a recorded network:
// the board offers only the pipeline chart's moves (a refused drop sends nothing), the funnel
// asks the server for the range on screen and never for a range it would refuse, a possible
// duplicate is named before anything is saved, the prospect page offers what the chart allows
// in the prospect's stage, and the visit note saves, signs and then stays locked.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultRange, FUNNEL_RANGE_TEXTS } from '../../../../machines/discovery/funnel-range.ts';
import { OPEN_STAGES, type PipelineStage } from '../../../../machines/discovery/pipeline-lifecycle.ts';
import { movesFrom } from '../../../../machines/discovery/pipeline-rules.ts';
import { DiscoveryPage } from '../../../../src/features/discovery/discovery-page.tsx';
import { ProspectPage } from '../../../../src/features/discovery/prospect-page.tsx';
import { DISCOVERY_TEXT as T, OUTCOME_LABELS, STAGE_LABELS } from '../../../../src/features/discovery/texts.ts';
import { VisitPage } from '../../../../src/features/discovery/visit-page.tsx';
import { clinicToday, formatDate } from '../../../../src/lib/format.ts';
import { dateInput, typeDay } from '../../../support/date-field-view.ts';
import { type Answer, page, renderPage, type Sent } from './render.tsx';

afterEach(cleanup);

const prospect = (id: number, first_name: string, stage: PipelineStage, extra: Record<string, unknown> = {}) => ({
  id,
  first_name,
  last_name: 'Sharma',
  email: `${first_name.toLowerCase()}@example.in`,
  phone: null,
  stage,
  client_status: stage === 'enrol' ? 'active' : 'prospective',
  source: 'website_form',
  referred_by: '',
  owner: 5,
  owner_name: 'Meera Coach',
  next_action: '',
  next_action_on: null,
  interests: ['HBOT'],
  notes: '',
  questionnaire: {},
  nurture_on: null,
  closed_reason: '',
  possible_duplicate_of: null,
  consent_to_contact: true,
  enrollment: null,
  converted_at: null,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  ...extra,
});

const visit = (extra: Record<string, unknown> = {}) => ({
  id: 9,
  prospect: 1,
  appointment: 40,
  starts_at: '2026-11-20T05:00:00.000Z',
  author: 5,
  channel: 'in_clinic',
  status: 'draft',
  goals: 'Sleep through the night',
  health_and_lifestyle: '',
  barriers: '',
  heart_risk: null,
  recommended_program: null,
  recommended_therapies: [],
  outcome: null,
  signed_at: null,
  created_at: '2026-11-20T05:00:00.000Z',
  updated_at: '2026-11-20T05:00:00.000Z',
  ...extra,
});

const FUNNEL = {
  stages: OPEN_STAGES.map((stage, i) => ({ stage, count: 10 - i })),
  by_source: [{ source: 'website_form', prospects: 8, converted: 2 }],
  by_owner: [{ owner: 5, name: 'Meera Coach', prospects: 8, converted: 2 }],
};

const BOARD = [prospect(1, 'Asha', 'new'), prospect(2, 'Priya', 'contacted')];

/** The server behind /discovery: the board by stage, the list, the staff, the funnel and the writes. */
function discoveryServer(overrides: Answer = () => undefined): Answer {
  return async (r) => {
    const own = await overrides(r);
    if (own) return own;
    if (r.method === 'GET' && r.path === '/discovery/prospects') {
      const stage = r.query.get('stage');
      return [200, page(BOARD.filter((p) => !stage || p.stage === stage))];
    }
    if (r.path === '/users/users') return [200, page([])];
    if (r.path === '/discovery/funnel') return [200, { date_from: r.query.get('date_from'), date_to: r.query.get('date_to'), ...FUNNEL }];
    const move = r.path.match(/^\/discovery\/prospects\/(\d+)\/transitions$/);
    if (move) return [200, prospect(Number(move[1]), 'Asha', (r.body as { to: PipelineStage }).to)];
    return undefined;
  };
}

const writes = (sent: Sent[]) => sent.filter((r) => r.method !== 'GET');

function drop(cardName: string, stage: PipelineStage) {
  const card = screen.getByText(cardName).closest('[data-prospect]') as HTMLElement;
  const id = card.getAttribute('data-prospect')!;
  const column = document.querySelector(`[data-stage="${stage}"]`) as HTMLElement;
  fireEvent.dragStart(card, { dataTransfer: { setData: () => {} } });
  fireEvent.drop(column, { dataTransfer: { getData: () => id } });
}

async function choose(label: string | RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  await act(async () => {
    fireEvent.click(within(listbox).getByRole('option', { name: option }));
  });
}

describe('/discovery board', () => {
  it('shows a column per open stage, and a drop the chart has no step for sends nothing', async () => {
    const { sent } = renderPage(<DiscoveryPage />, { path: '/discovery', answer: discoveryServer() });
    await screen.findByText('Asha Sharma');
    for (const stage of OPEN_STAGES) expect(document.querySelector(`[data-stage="${stage}"]`)?.getAttribute('aria-label')).toBe(STAGE_LABELS[stage]);
    drop('Asha Sharma', 'discovery_done');
    expect(await screen.findByText(T.dropRefused(STAGE_LABELS.new, STAGE_LABELS.discovery_done))).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('moves a card where the chart allows, and asks for the follow-up date a nurture needs', async () => {
    const { sent } = renderPage(<DiscoveryPage />, { path: '/discovery', answer: discoveryServer() });
    await screen.findByText('Asha Sharma');
    drop('Asha Sharma', 'contacted');
    await waitFor(() => expect(writes(sent).map((r) => [r.path, r.body])).toEqual([['/discovery/prospects/1/transitions', { to: 'contacted' }]]));
    expect(await screen.findByText(T.moved)).toBeTruthy();

    drop('Priya Sharma', 'nurture');
    const dialog = await screen.findByRole('dialog');
    const move = within(dialog).getByRole('button', { name: T.prospect.move });
    expect((move as HTMLButtonElement).disabled).toBe(true);
    typeDay(dateInput(within(dialog), new RegExp(T.prospect.followUp)), '2027-01-15');
    await act(async () => {
      fireEvent.click(move);
    });
    await waitFor(() => expect(writes(sent).at(-1)?.body).toEqual({ to: 'nurture', nurture_on: '2027-01-15' }));
  });
});

describe('/discovery funnel', () => {
  it('asks the server for the range on screen, and never for a range it would refuse', async () => {
    const { sent } = renderPage(<DiscoveryPage />, { path: '/discovery', answer: discoveryServer() });
    const funnels = () => sent.filter((r) => r.path === '/discovery/funnel').map((r) => [r.query.get('date_from'), r.query.get('date_to')]);
    fireEvent.click(await screen.findByRole('tab', { name: T.tabs.funnel }));
    const start = defaultRange(clinicToday());
    await waitFor(() => expect(funnels()).toEqual([[start.from, start.to]]));
    expect(await screen.findByText(T.funnel.perStage)).toBeTruthy();
    expect(screen.getByText(T.funnel.bySource)).toBeTruthy();
    expect(screen.getByText(T.funnel.byOwner)).toBeTruthy();
    const from = dateInput(screen, T.funnel.from);
    const to = dateInput(screen, T.funnel.to);
    expect([from.value, to.value]).toEqual([formatDate(start.from), formatDate(start.to)]);

    typeDay(from, '2099-01-01');
    expect(await screen.findByText(FUNNEL_RANGE_TEXTS.rangeOrder)).toBeTruthy();
    expect(screen.queryByText(T.funnel.perStage)).toBeNull();
    typeDay(to, '2099-03-31');
    await waitFor(() => expect(funnels().at(-1)).toEqual(['2099-01-01', '2099-03-31']));
    expect(await screen.findByText(T.funnel.perStage)).toBeTruthy();
    expect(funnels()).toHaveLength(2);
  });
});

describe('/discovery new prospect', () => {
  it("names a possible duplicate before saving, and saves only when told to; the phone starts at the clinic's dial code", async () => {
    const created: unknown[] = [];
    const { sent } = renderPage(<DiscoveryPage />, {
      path: '/discovery',
      answer: discoveryServer((r) => {
        if (r.method !== 'POST' || r.path !== '/discovery/prospects') return undefined;
        const body = r.body as { confirm_duplicate?: boolean };
        if (!body.confirm_duplicate)
          return [
            409,
            {
              detail: 'This phone or email matches someone the clinic already knows.',
              duplicates: [{ id: 3, first_name: 'Priya', last_name: 'Sharma', status: 'active', matched_on: 'email' }],
            },
          ];
        created.push(body);
        return [201, prospect(4, 'Priya', 'new')];
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: T.newProspect }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(T.fields.firstName)), { target: { value: 'Priya' } });
    fireEvent.change(within(dialog).getByLabelText(T.fields.email), { target: { value: 'priya@example.in' } });
    expect(within(dialog).getByRole('combobox', { name: 'Code' }).textContent).toBe('+91');
    fireEvent.change(within(dialog).getByLabelText(T.fields.phone), { target: { value: '9876500011' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: T.save }));
    });
    expect(await within(dialog).findByText(`${T.duplicateWarning} Priya Sharma (client, same email).`)).toBeTruthy();
    expect(created).toEqual([]);
    const saveAnyway = within(dialog).getByRole('button', { name: T.saveAnyway });
    expect((saveAnyway as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: T.saveAnyway }));
    await act(async () => {
      fireEvent.click(saveAnyway);
    });
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ first_name: 'Priya', email: 'priya@example.in', phone: '+919876500011', confirm_duplicate: true });
    expect(writes(sent)).toHaveLength(2);
  });
});

function prospectServer(stage: PipelineStage): Answer {
  const detail = {
    ...prospect(1, 'Asha', stage, { questionnaire: { message: 'I sleep badly.' } }),
    history: [
      { from: null, to: 'new', reason: '', actor: null, occurred_at: '2026-11-01T09:00:00.000Z' },
      { from: 'new', to: stage, reason: '', actor: 5, occurred_at: '2026-11-02T09:00:00.000Z' },
    ],
    calls: [{ id: 1, summary: 'Asked about HBOT', actor: 5, occurred_at: '2026-11-02T09:00:00.000Z' }],
    visits: stage === 'discovery_done' ? [visit({ status: 'signed', outcome: 'enrol', signed_at: '2026-11-20T06:00:00.000Z' })] : [],
  };
  return (r) => {
    if (r.path === '/discovery/prospects/1') return [200, detail];
    if (r.path === '/appointments/services' || r.path === '/programs/programs') return [200, []];
    return undefined;
  };
}

describe('/client/discovery/{clientId}', () => {
  it('shows the prospect, their questionnaire, history, calls and visits, and offers conversion once the visit is done', async () => {
    renderPage(<ProspectPage />, { path: '/client/discovery/1', route: '/client/discovery/:clientId', answer: prospectServer('discovery_done') });
    expect(await screen.findByRole('heading', { name: 'Asha Sharma' })).toBeTruthy();
    expect(screen.getByText('I sleep badly.')).toBeTruthy();
    expect(screen.getByText('Asked about HBOT')).toBeTruthy();
    expect(screen.getByText(`${STAGE_LABELS.new} → ${STAGE_LABELS.discovery_done}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.prospect.openVisit }).getAttribute('href')).toBe('/client/discovery/1/visit/9');
    expect(screen.getByRole('button', { name: T.prospect.convert })).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.prospect.bookVisit })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.prospect.move }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: T.prospect.to }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(movesFrom('discovery_done').map((s) => STAGE_LABELS[s]));
  });

  it('offers booking a visit, not conversion, to a contacted prospect', async () => {
    renderPage(<ProspectPage />, { path: '/client/discovery/1', route: '/client/discovery/:clientId', answer: prospectServer('contacted') });
    expect(await screen.findByRole('button', { name: T.prospect.bookVisit })).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.prospect.convert })).toBeNull();
  });

  it('edits the next action and its date, sending only the pipeline details', async () => {
    const server = prospectServer('contacted');
    const { sent } = renderPage(<ProspectPage />, {
      path: '/client/discovery/1',
      route: '/client/discovery/:clientId',
      answer: (r) =>
        r.method === 'PATCH'
          ? [200, prospect(1, 'Asha', 'contacted', r.body as Record<string, unknown>)]
          : r.path === '/users/users'
            ? [200, page([])]
            : server(r),
    });
    fireEvent.click(await screen.findByRole('button', { name: T.prospect.edit }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(T.fields.interests) as HTMLInputElement).value).toBe('HBOT');
    fireEvent.change(within(dialog).getByLabelText(T.fields.nextAction), { target: { value: 'Call back after payday' } });
    typeDay(dateInput(within(dialog), T.fields.nextActionOn), '2026-12-01');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: T.save }));
    });
    expect(await screen.findByText(T.prospect.saved)).toBeTruthy();
    expect(writes(sent).map((r) => [r.method, r.path, r.body])).toEqual([
      ['PATCH', '/discovery/prospects/1', { owner: 5, next_action: 'Call back after payday', next_action_on: '2026-12-01', interests: ['HBOT'], notes: '' }],
    ]);
  });
});

function visitServer(initial: ReturnType<typeof visit>) {
  let stored: Record<string, unknown> = initial;
  return (r: Sent): [number, unknown] | undefined => {
    if (r.path === '/programs/programs') return [200, []];
    if (r.path !== '/discovery/visits/9' && r.path !== '/discovery/visits/9/sign') return undefined;
    if (r.method === 'PATCH') stored = { ...stored, ...(r.body as object) };
    if (r.method === 'POST') stored = { ...stored, status: 'signed', signed_at: '2026-11-20T06:00:00.000Z' };
    return [200, stored];
  };
}

const VISIT_ROUTE = { path: '/client/discovery/1/visit/9', route: '/client/discovery/:clientId/visit/:visitId' };

describe('/client/discovery/{clientId}/visit/{visitId}', () => {
  it('edits a draft, estimates heart risk with the caveat, then saves and signs it, after which it is locked', async () => {
    const { sent } = renderPage(<VisitPage />, { ...VISIT_ROUTE, answer: visitServer(visit()) });
    const goals = (await screen.findByLabelText(T.visit.goals)) as HTMLTextAreaElement;
    expect(goals.value).toBe('Sleep through the night');
    expect(screen.getByText(T.visit.caveat)).toBeTruthy();
    const sign = screen.getByRole('button', { name: T.visit.sign }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    fireEvent.change(goals, { target: { value: 'More energy' } });
    for (const [label, value] of [
      [T.visit.heart.age, '52'],
      [T.visit.heart.hdl, '42'],
      [T.visit.heart.total, '230'],
      [T.visit.heart.sbp, '138'],
    ]) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    expect(document.querySelector('[data-field="estimate"]')?.textContent).toContain(T.visit.estimate);
    await choose(T.visit.outcome, OUTCOME_LABELS.enrol);
    expect(sign.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(sign);
    });
    expect(await screen.findByText(T.visit.signed)).toBeTruthy();
    const [save, seal] = writes(sent);
    expect(save).toMatchObject({
      method: 'PATCH',
      path: '/discovery/visits/9',
      body: { goals: 'More energy', outcome: 'enrol', heart_risk: { age: '52', systolic_bp: '138' } },
    });
    expect(seal).toMatchObject({ method: 'POST', path: '/discovery/visits/9/sign' });
    expect(document.querySelector('[data-field="locked"]')).toBeTruthy();
    expect((screen.getByLabelText(T.visit.goals) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: T.visit.save })).toBeNull();
  });

  it('opens a signed note locked, with nothing to save or sign', async () => {
    const { sent } = renderPage(<VisitPage />, {
      ...VISIT_ROUTE,
      answer: visitServer(visit({ status: 'signed', outcome: 'nurture', signed_at: '2026-11-20T06:00:00.000Z' })),
    });
    expect(await screen.findByText(/The note is locked\./)).toBeTruthy();
    expect((screen.getByLabelText(T.visit.goals) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: T.visit.save })).toBeNull();
    expect(screen.queryByRole('button', { name: T.visit.sign })).toBeNull();
    expect(writes(sent)).toEqual([]);
  });
});
