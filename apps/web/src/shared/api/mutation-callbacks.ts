/** What a screen adds to a feature's mutation hook (navigate, reset a widget, move a step); the hook keeps the data side. */
export type MutationCallbacks<TData> = {
  onSuccess?: (data: TData) => void;
  onError?: (error: Error) => void;
};
