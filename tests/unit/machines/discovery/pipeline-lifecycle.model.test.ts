// Every path of the pipeline chart, replayed on the production machine: each verb lands in its
// stage, a guarded verb moves only with what it needs, and a closed prospect takes no verb.
import { describe, expect, it } from 'vitest';
import { nextSteps, statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { OPEN_STAGES, PIPELINE_STAGES, pipelineLifecycle } from '../../../../machines/discovery/pipeline-lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './pipeline-lifecycle.model.ts';

const LANDS: Record<string, string> = {
  'prospect.contact': 'contacted',
  'prospect.book': 'discovery_booked',
  'prospect.hold': 'discovery_done',
  'prospect.no_show': 'no_show',
  'prospect.enrol': 'enrol',
  'prospect.nurture': 'nurture',
  'prospect.not_a_fit': 'not_a_fit',
  'prospect.lose': 'lost',
};

describeModel('prospect pipeline', model, (snapshot, event) => {
  expect(snapshot.value).toBe(LANDS[event.type]);
  if (['prospect.lose', 'prospect.not_a_fit'].includes(event.type)) expect(String(event.reason ?? '').trim()).not.toBe('');
  if (event.type === 'prospect.nurture') expect(event.nurture_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  if (event.type === 'prospect.enrol') expect(event.converting).toBe(true);
  if (snapshot.status === 'done')
    expect(nextSteps(pipelineLifecycle, snapshot.value, { extras: { reason: 'x', nurture_on: '2026-01-01', converting: true } })).toEqual([]);
});

describe('prospect pipeline stages', () => {
  it("are the chart's statuses, and every open stage can be closed as lost with a reason only", () => {
    expect(new Set(statusesOf(pipelineLifecycle))).toEqual(new Set(PIPELINE_STAGES));
    for (const stage of OPEN_STAGES) {
      expect(stepTo(pipelineLifecycle, stage, 'lost', { extras: { reason: 'No budget' } })).not.toBeNull();
      expect(stepTo(pipelineLifecycle, stage, 'lost', { extras: { reason: '  ' } })).toBeNull();
    }
  });

  it('enrols only by converting', () => {
    expect(stepTo(pipelineLifecycle, 'discovery_done', 'enrol')).toBeNull();
    expect(stepTo(pipelineLifecycle, 'discovery_done', 'enrol', { extras: { converting: true } })).toEqual({ event: 'prospect.enrol', to: 'enrol' });
  });
});
