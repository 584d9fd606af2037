// A form's validation whose code loads when the form is first used, not with the page (decision 158):
// zod and the contract's schemas are half of a sign-in page's JavaScript, and nobody needs them until
// they type. `preload` starts the load early (on the form's first focus); validating before it has
// finished waits for it. A failed load is tried again on the next validation.
import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<TValues extends FieldValues, TContext, TOutput> {
  resolver: Resolver<TValues, TContext, TOutput>;
  preload: () => void;
}

export function lazyResolver<TValues extends FieldValues, TContext = unknown, TOutput = TValues>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): LazyResolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => {
      loaded().catch(() => undefined);
    },
  };
}
