//! Load-once remote data kept in a store: status, data and error, with an explicit retry.
import { useEffect } from 'react';
import { createStore, useStore, type Store } from './create-store';

export type ResourceState<T> =
  | { status: 'idle' | 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: unknown };

export type Resource<T> = {
  store: Store<ResourceState<T>>;
  ensure: () => Promise<void>;
  reload: () => Promise<void>;
};

export function createResource<T>(load: () => Promise<T>): Resource<T> {
  const store = createStore<ResourceState<T>>({ status: 'idle', data: null, error: null });
  let inflight: Promise<void> | null = null;
  const run = () => {
    if (inflight) return inflight;
    store.set((s) => ({ status: 'loading', data: s.data, error: null }));
    inflight = load()
      .then(
        (data) => store.set({ status: 'ready', data, error: null }),
        (error: unknown) => {
          console.warn('load failed', error);
          store.set((s) => ({ status: 'error', data: s.data, error }));
        },
      )
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
  return {
    store,
    ensure: () => (store.get().status === 'idle' ? run() : (inflight ?? Promise.resolve())),
    reload: run,
  };
}

/** Reads a resource in a component, starting its load on first use. */
export function useResource<T>(resource: Resource<T>): ResourceState<T> {
  const state = useStore(resource.store);
  useEffect(() => {
    void resource.ensure();
  }, [resource]);
  return state;
}

/** One resource per key (a content page per name…), created on first use. */
export function createResourceMap<T>(load: (key: string) => Promise<T>): (key: string) => Resource<T> {
  const resources = new Map<string, Resource<T>>();
  return (key) => {
    let resource = resources.get(key);
    if (!resource) {
      resource = createResource(() => load(key));
      resources.set(key, resource);
    }
    return resource;
  };
}
