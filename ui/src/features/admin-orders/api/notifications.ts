//! GET /api/admin/order/{id}/notifications — what the shop told people about the order;
//! POST …/notifications/{message}/retry — send a failed message again.
import { apiGet, apiSend } from '../../../api/client';
import type { NotificationsAnswer, NotificationView } from '../../../api/types';

const base = (id: number) => `/api/admin/order/${encodeURIComponent(String(id))}/notifications`;

export async function listNotifications(id: number, signal?: AbortSignal): Promise<NotificationView[]> {
  return (await apiGet<NotificationsAnswer>(base(id), { signal, track: false })).notifications;
}

export async function retryNotification(id: number, message: number): Promise<NotificationView[]> {
  return (await apiSend<NotificationsAnswer>('POST', `${base(id)}/${message}/retry`)).notifications;
}
