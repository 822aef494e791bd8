// A component whose module loads on first use (or earlier, through preload()), so /login's first
// paint does not download the signed-in parts of the shell and each page downloads its own code.
// Unlike a bare React.lazy, once the module is in, new instances render it at once (no Suspense
// fallback for a frame); an instance that started lazy stays lazy, so a re-render never remounts
// what it shows. A download that fails (offline, or a deploy removed the file) shows a notice
// with a way to try again in place, instead of taking the whole app down.
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { ModuleLoadBoundary, ModuleLoadError } from './module-load-boundary.tsx';

export interface Deferred<P> {
  (props: P): ReactNode;
  /** Starts loading the module (once); resolves when the component can render without waiting. */
  preload(): Promise<unknown>;
}

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): Deferred<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // React.lazy keeps a rejection for good: the next attempt needs a new lazy component.
        pending = null;
        Lazy = lazy(loadForReact);
        throw new ModuleLoadError(error);
      },
    ));
  const loadForReact = async () => ({ default: await preload() });
  let Lazy = lazy(loadForReact);
  function DeferredComponent(props: P) {
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <ModuleLoadBoundary>
        {() => (
          <Suspense fallback={fallback}>
            <Lazy {...props} />
          </Suspense>
        )}
      </ModuleLoadBoundary>
    );
  }
  return Object.assign(DeferredComponent, { preload });
}
