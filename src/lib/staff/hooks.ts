// React bindings for the staff pages' two statecharts: a server-side list and a confirmed
// action. Views pass plain async functions; the machines get them as actors via provide().
import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { actionMachine } from '../../../machines/staff/action-machine';
import { type ListPage, type ListQuery, listMachine } from '../../../machines/staff/list-machine';
import { recordMachine } from '../../../machines/staff/record-machine';

export function useServerList(fetchPage: (query: ListQuery) => Promise<ListPage>, query?: Partial<ListQuery>) {
  // The latest function is called, while the machine (and its actors) are made once.
  const latest = useRef(fetchPage);
  latest.current = fetchPage;
  const [machine] = useRef([listMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => latest.current(input)) } })]).current;
  return useMachine(machine, { input: { query } });
}

export function useAction<Subject = unknown>(
  perform: (subject: Subject, values: Record<string, unknown>) => Promise<unknown>,
  onDone: (subject: Subject, output: unknown) => void,
) {
  const latest = useRef({ perform, onDone });
  latest.current = { perform, onDone };
  const [machine] = useRef([
    actionMachine.provide({
      actors: { perform: fromPromise(({ input }) => latest.current.perform(input.subject as Subject, input.values)) },
      actions: {
        notifyDone: ({ context, event }) => latest.current.onDone(context.subject as Subject, (event as unknown as { output: unknown }).output),
      },
    }),
  ]).current;
  const [state, send] = useMachine(machine);
  return {
    state,
    send,
    isOpen: !state.matches('closed'),
    pending: state.hasTag('pending'),
    subject: state.context.subject as Subject,
    open: (subject?: Subject, values?: Record<string, unknown>) => send({ type: 'action.open', subject, values }),
    cancel: () => send({ type: 'action.cancel' }),
    submit: (values?: Record<string, unknown>) => send({ type: 'action.submit', values }),
  };
}

export type ActionHandle<S = unknown> = ReturnType<typeof useAction<S>>;

/** One record: `data` once loaded (kept while reloading), `reload()` after a change. */
export function useRecord<T>(load: () => Promise<T>) {
  const latest = useRef(load);
  latest.current = load;
  const [machine] = useRef([recordMachine.provide({ actors: { load: fromPromise<unknown, void>(() => latest.current()) } })]).current;
  const [state, send] = useMachine(machine);
  return {
    state,
    data: state.context.data as T | null,
    loading: state.hasTag('pending'),
    failed: state.matches('failed'),
    error: state.context.error,
    status: state.context.status,
    reload: () => send({ type: 'record.reload' }),
    retry: () => send({ type: 'record.retry' }),
  };
}
