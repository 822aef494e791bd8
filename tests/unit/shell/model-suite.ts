// One describe per machine: a test per generated path, then the coverage check (fails when a
// state or transition of the production machine was never reached), with counts printed.
import { type AnyEventObject, type AnyStateMachine } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { allStates, allTransitions, edgePaths, type ModelSpec, replay } from './model-paths';

export function describeModel(name: string, spec: ModelSpec, check?: (snapshot: any, event: AnyEventObject) => void, variants: ModelSpec[] = []) {
  describe(`${name} (model-based, production machine)`, () => {
    const specs = [spec, ...variants];
    const machine: AnyStateMachine = spec.machine;
    const defined = allTransitions(machine);
    const taken = new Set<string>();
    const reached = new Set<string>();
    const allPaths = specs.flatMap((s) => edgePaths(s).map((path) => ({ spec: s, path })));

    it('generates paths', () => {
      expect(allPaths.length).toBeGreaterThan(0);
    });

    for (const [i, { spec: s, path }] of allPaths.entries()) {
      it(`path ${i + 1}: ${path.description}`, async () => {
        const run = await replay(s, path, check);
        for (const t of run.transitions) taken.add(t);
        for (const id of run.states) reached.add(id);
      });
    }

    afterAll(() => {
      // Printed once the paths ran; the assertion below is what fails the run.
      const states = allStates(machine);
      const uncoveredStates = states.filter((id) => !reached.has(id) && id !== machine.root.id);
      const uncoveredTransitions = defined.filter((key) => !taken.has(key));
      console.log(
        `[model] ${name}: ${allPaths.length} paths; states ${states.length - uncoveredStates.length}/${states.length}; transitions ${defined.length - uncoveredTransitions.length}/${defined.length}`,
      );
      if (uncoveredStates.length || uncoveredTransitions.length) {
        throw new Error(`${name}: uncovered states ${JSON.stringify(uncoveredStates)}, transitions ${JSON.stringify(uncoveredTransitions)}`);
      }
    });
  });
}
