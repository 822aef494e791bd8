// The one way a staff view binds to a machine: `usePageActor` (src/lib/page-actor.ts) makes the actor once (with the
// adapter's calls provided as its actors), `useSelector` reads it through the machine's named
// selectors (machines/staff/selectors.ts). Each feature wraps these in its own hooks
// (`<feature>-hooks.ts`), handing over its adapter's calls; views call the feature's hooks.
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { actionMachine } from '../../../machines/staff/action-machine.ts';
import { type ListPage, type ListQuery, listMachine } from '../../../machines/staff/list-machine.ts';
import { recordMachine } from '../../../machines/staff/record-machine.ts';
import { actionSelectors, listSelectors, recordSelectors } from '../../../machines/staff/selectors.ts';
import { usePageActor } from '../page-actor.ts';

/** A server-side list; `fetchPage` is the adapter's call for one page of the query. */
export function useServerList(fetchPage: (query: ListQuery) => Promise<ListPage>, query?: Partial<ListQuery>) {
  // The actor is made once; it always calls the latest function (a new api client, say).
  const latest = useRef(fetchPage);
  latest.current = fetchPage;
  // The chart with its actors is made once (each copy builds its state nodes), not at every render.
  const [logic] = useState(() => listMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => latest.current(input)) } }));
  const ref = usePageActor(logic, { input: { query } });
  return {
    query: useSelector(ref, listSelectors.query),
    rows: useSelector(ref, listSelectors.rows),
    count: useSelector(ref, listSelectors.count),
    loading: useSelector(ref, listSelectors.isLoading),
    failure: useSelector(ref, listSelectors.failure),
    page: (page: number, pageSize: number) => ref.send({ type: 'list.page', page, pageSize }),
    sort: (ordering: string | null) => ref.send({ type: 'list.sort', ordering }),
    search: (search: string) => ref.send({ type: 'list.search', search }),
    filter: (name: string, value: string) => ref.send({ type: 'list.filter', name, value }),
    reload: () => ref.send({ type: 'list.reload' }),
    retry: () => ref.send({ type: 'list.retry' }),
  };
}

export type ServerList = ReturnType<typeof useServerList>;

/** A confirmed action or form dialog; `perform` is the adapter's call, `onDone` the feature's toast and refresh. */
export function useAction<Subject = unknown>(
  perform: (subject: Subject, values: Record<string, unknown>) => Promise<unknown>,
  onDone: (subject: Subject, output: unknown) => void,
) {
  const latest = useRef({ perform, onDone });
  latest.current = { perform, onDone };
  const [logic] = useState(() =>
    actionMachine.provide({
      actors: { perform: fromPromise(({ input }) => latest.current.perform(input.subject as Subject, input.values)) },
      actions: { notifyDone: (_, params) => latest.current.onDone(params.subject as Subject, params.output) },
    }),
  );
  const ref = usePageActor(logic);
  return {
    isOpen: useSelector(ref, actionSelectors.isOpen),
    pending: useSelector(ref, actionSelectors.isPending),
    subject: useSelector(ref, actionSelectors.subject) as Subject,
    values: useSelector(ref, actionSelectors.values),
    error: useSelector(ref, actionSelectors.error),
    fieldErrors: useSelector(ref, actionSelectors.fieldErrors),
    open: (subject?: Subject, values?: Record<string, unknown>) => ref.send({ type: 'action.open', subject, values }),
    cancel: () => ref.send({ type: 'action.cancel' }),
    submit: (values?: Record<string, unknown>) => ref.send({ type: 'action.submit', values }),
    /** Opens and submits at once: a form that is its own dialog (a profile, the clinic settings). */
    save: (values: Record<string, unknown>) => {
      ref.send({ type: 'action.open', subject: null });
      ref.send({ type: 'action.submit', values });
    },
  };
}

export type ActionHandle<S = unknown> = ReturnType<typeof useAction<S>>;

/** One record: `data` once loaded (kept while reloading), `reload()` after a change. */
export function useRecord<T>(load: () => Promise<T>) {
  const latest = useRef(load);
  latest.current = load;
  const [logic] = useState(() => recordMachine.provide({ actors: { load: fromPromise<unknown, void>(() => latest.current()) } }));
  const ref = usePageActor(logic);
  return {
    data: useSelector(ref, recordSelectors.data) as T | null,
    loading: useSelector(ref, recordSelectors.isLoading),
    failed: useSelector(ref, recordSelectors.isFailed),
    missing: useSelector(ref, recordSelectors.isMissing),
    error: useSelector(ref, recordSelectors.error),
    reload: () => ref.send({ type: 'record.reload' }),
    retry: () => ref.send({ type: 'record.retry' }),
  };
}

export type RecordHandle<T> = ReturnType<typeof useRecord<T>>;
