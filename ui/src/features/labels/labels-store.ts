//! System labels (SPEC §3 `labels`: groups keyed by name, each key to a title), loaded once.
import { createStore } from '../../lib/create-store';
import type { LocalizedText } from '../../i18n/types';
import { getSystemLabels, type LabelGroups } from './api/get-system-labels';

export type LabelsState = { loaded: boolean; groups: LabelGroups };

export const labels = createStore<LabelsState>({ loaded: false, groups: {} });

/**
 * SPEC §4: a label set to a null title is removed; otherwise it is set, creating its group if
 * missing. Returns new objects so subscribers see the change.
 */
export function withLabel(groups: LabelGroups, group: string, key: string, title: LocalizedText | null): LabelGroups {
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

let inflight: Promise<LabelGroups> | null = null;

/** Loads the system labels once; skipped when already loaded. Failures are only logged (SPEC §8). */
export function ensureLabels(): Promise<LabelGroups> {
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
export function labelGroupNames(groups: LabelGroups): string[] {
  return Object.keys(groups).sort((a, b) => a.localeCompare(b));
}
