/**
 * Stands for the schema `build` returns and builds it the first time anything reads it: a property, a
 * method, `instanceof`, or a schema made from it. zod builds a schema when its code runs, and a page that
 * loads some hundred of them pays for all at once, most never used on that page. The web build wraps
 * core's schemas in this (`apps/web/vite/lazySchemas.ts`); the server uses them as written.
 *
 * zod's methods read `this` and its internals read properties, so forwarding every read to the built
 * schema is enough; a registry keyed by the schema sees this stand-in, which the web app never uses.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    ownKeys: () => Reflect.ownKeys(schema()),
    // The stand-in itself has no properties, so it may only report configurable ones.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
  });
}
