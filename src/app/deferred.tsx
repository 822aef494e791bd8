// A component whose module loads on first use (or earlier, through preload()), so /login's first
// paint does not download the signed-in parts of the shell. Unlike a bare React.lazy, once the
// module is in, new instances render it at once (no Suspense fallback for a frame); an instance
// that started lazy stays lazy, so a re-render never remounts what it shows.
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

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
        // A failed download (offline, a deploy removed the chunk) may be retried by the next render.
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function DeferredComponent(props: P) {
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(DeferredComponent, { preload });
}
