//! System labels (docs/STOREFRONT.md §3 `labels`: groups keyed by name, each key to a title),
//! loaded once.
import type { LabelTitles, LocalizedText } from '../../i18n/types';
import { createStore } from '../../lib/create-store';
import { getSystemLabels } from './api/get-system-labels';

export type LabelsState = { loaded: boolean; groups: LabelTitles };

export const labels = createStore<LabelsState>({ loaded: false, groups: {} });

/**
 * docs/STOREFRONT.md §4: a label set to a null title is removed; otherwise it is set, creating its
 * group if missing. Returns new objects so subscribers see the change.
 */
export function withLabel(groups: LabelTitles, group: string, key: string, title: LocalizedText | null): LabelTitles {
  if (title === null) {
    const current = groups[group];
    if (!current || !(key in current)) return groups;
    const { [key]: _removed, ...rest } = current;
    return { ...groups, [group]: rest };
  }
  return { ...groups, [group]: { ...(groups[group] ?? {}), [key]: title } };
}

export function setLabel(group: string, key: string, title: LocalizedText | null): void {
  labels.set((state) => ({ ...state, groups: withLabel(state.groups, group, key, title) }));
}

let inflight: Promise<LabelTitles> | null = null;

/**
 * Loads the system labels once; skipped when already loaded. Failures are only logged
 * (docs/STOREFRONT.md §8).
 */
export function ensureLabels(): Promise<LabelTitles> {
  const state = labels.get();
  if (state.loaded) return Promise.resolve(state.groups);
  inflight ??= getSystemLabels()
    .then((groups) => {
      labels.set({ loaded: true, groups });
      return groups;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** The code-table names, sorted by name (the admin "Code" submenu). */
export function labelGroupNames(groups: LabelTitles): string[] {
  return Object.keys(groups).sort((a, b) => a.localeCompare(b));
}
