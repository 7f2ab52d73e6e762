import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

// `any` is React.lazy's own constraint: a page may take any props (ComponentType<never> is not accepted by it).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Page = ComponentType<any>;

/** `React.lazy` for a page module's named export (pages use named exports; `lazy` wants a default). */
export const lazyPage = <Module extends Record<Name, Page>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> => lazy(async () => ({ default: (await load())[name] }));
