// A page chart's actor, made once with its adapter's actors (as `useActorRef` does), with one seam:
// a test may hand the page a copy of the same chart whose actors it settles itself, and be given the
// running actor, so a chart's model paths can be replayed on the real view (issue 33). Production
// mounts no override, so this is `useActorRef` plus one context read.
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect } from 'react';
import type { Actor, AnyActorRef, AnyStateMachine } from 'xstate';

export interface PageActorOverride {
  /** The logic to run instead of `logic` (keyed by the chart's id), or undefined to keep it. */
  logic(id: string, logic: AnyStateMachine): AnyStateMachine | undefined;
  /** Told of every page actor made under it, by the chart's id. */
  attach(id: string, actor: AnyActorRef): void;
}

export const PageActorOverrideContext = createContext<PageActorOverride | null>(null);

type ActorOptions<TLogic extends AnyStateMachine> = Parameters<typeof useActorRef<TLogic>>[1];
type ActorObserver<TLogic extends AnyStateMachine> = Parameters<typeof useActorRef<TLogic>>[2];

export function usePageActor<TLogic extends AnyStateMachine>(logic: TLogic, options?: ActorOptions<TLogic>, observer?: ActorObserver<TLogic>): Actor<TLogic> {
  const override = useContext(PageActorOverrideContext);
  const chosen = (override?.logic(logic.id, logic) as TLogic | undefined) ?? logic;
  const actor = useActorRef(chosen, options as never, observer as never) as Actor<TLogic>;
  useEffect(() => override?.attach(logic.id, actor), [override, logic.id, actor]);
  return actor;
}
