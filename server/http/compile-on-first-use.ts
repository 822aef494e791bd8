// Route schemas compiled when a route first needs them, not all at start. Compiling every
// validator (ajv) and response serializer (fast-json-stringify) of the contract's operations cost
// most of a second of CPU at every server start, and kept generated code in memory for operations
// a clinic may never call. A schema its compiler rejects still fails, on that operation's first
// request; the fuzzer (tests/reliability/fuzz.test.ts) calls every operation.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Compiled = ((...args: never[]) => unknown) & { errors?: unknown };

/** A stand-in for `compile()`'s result that compiles on its first call; `errors` follows ajv's. */
export function compiledOnFirstUse<F extends Compiled>(compile: () => F): F {
  let compiled: F | undefined;
  const lazy = ((...args: Parameters<F>) => {
    compiled ??= compile();
    const result = compiled(...args);
    if ('errors' in compiled) lazy.errors = compiled.errors;
    return result;
  }) as F;
  return lazy;
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** Fastify's own serializer factory, with each route's serializer compiled on first use. */
export const serializersOnFirstUse: SerializerFactory = (externalSchemas, serializerOpts) => {
  const compilerFor = SerializerSelector()(externalSchemas, serializerOpts);
  return (route) => compiledOnFirstUse(() => compilerFor(route) as Compiled) as ReturnType<typeof compilerFor>;
};
