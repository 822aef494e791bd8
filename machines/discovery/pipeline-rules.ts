// What the board and the prospect page offer, read from the pipeline chart: the stages a prospect
// can be moved to now (a drop target is allowed only when the chart has that step), and which of
// them need a reason or a follow-up date. Enrol is never offered as a move: it is "Convert".
import { nextSteps } from '../lifecycle/lifecycle.ts';
import { type PipelineStage, pipelineLifecycle } from './pipeline-lifecycle.ts';

/** Every guard satisfied, so the chart shows all its steps; the form then asks for what is needed. */
const EVERYTHING = { reason: 'x', nurture_on: '2000-01-01' };

export function movesFrom(stage: PipelineStage): PipelineStage[] {
  return nextSteps(pipelineLifecycle, stage, { extras: EVERYTHING })
    .map((s) => s.to as PipelineStage)
    .filter((to) => to !== 'enrol');
}

export const canMove = (from: PipelineStage, to: PipelineStage) => movesFrom(from).includes(to);

export const needsReason = (to: PipelineStage) => to === 'lost' || to === 'not_a_fit';
export const needsFollowUp = (to: PipelineStage) => to === 'nurture';

/** Conversion is offered once the discovery visit is done. */
export const canConvert = (stage: PipelineStage) => nextSteps(pipelineLifecycle, stage, { extras: { converting: true } }).some((s) => s.to === 'enrol');
