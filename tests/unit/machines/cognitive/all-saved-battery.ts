// The screening battery as the cognitive page's replays run it (issue 33): the real battery chart,
// its run's tasks taken from `shape` (a smaller battery, tasks already saved) rather than built
// from the run's seed, so a replay reaches what it needs in a few steps. Only the context's start
// changes; every state, guard and action is the production chart's.
import { type AnyStateMachine, createMachine } from 'xstate';
import { type BatteryInput, batteryMachine } from '../../../../machines/cognitive/battery-machine.ts';

export function batteryShaped(shape: (input: BatteryInput) => BatteryInput): typeof batteryMachine {
  const context = batteryMachine.config.context as (args: { input: BatteryInput }) => unknown;
  return createMachine(
    { ...batteryMachine.config, context: (args: { input: BatteryInput }) => context({ ...args, input: shape(args.input) }) } as never,
    batteryMachine.implementations as never,
  ) as unknown as typeof batteryMachine & AnyStateMachine;
}
