//! Short messages shown on top of the page (docs/STOREFRONT.md §9: 200 px from the top, 1.5 s, at
//! most 3).
import { createStore } from '../lib/create-store';

export const TOAST_DURATION_MS = 1500;
export const TOAST_MAX = 3;

export type ToastKind = 'info' | 'success' | 'error';
export type Toast = { id: number; message: string; kind: ToastKind };

export const toasts = createStore<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  toasts.set((list) => list.filter((toast) => toast.id !== id));
}

export function showToast(message: string, kind: ToastKind = 'info'): number {
  const id = nextId++;
  toasts.set((list) => [...list, { id, message, kind }].slice(-TOAST_MAX));
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}
