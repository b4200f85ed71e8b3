//! Rooms and categories (staff, `catalog.write`): GET|POST /api/admin/rooms, PUT|DELETE
//! /api/admin/rooms/{key}, POST /api/admin/rooms/order {keys}; the same for categories, whose order
//! is per parent ({parent, keys}).
import { apiGet, apiSend, type RequestOptions } from '../../../api/client';
import type {
  AdminCategoriesAnswer,
  AdminCategory,
  AdminCategoryAnswer,
  AdminRoom,
  AdminRoomAnswer,
  AdminRoomsAnswer,
  DeletedAnswer,
  Room,
} from '../../../api/types';

const path = (base: string, key: string) => `${base}/${encodeURIComponent(key)}`;

export async function listRooms(options: RequestOptions = {}): Promise<AdminRoom[]> {
  return (await apiGet<AdminRoomsAnswer>('/api/admin/rooms', options)).rooms;
}

export async function saveRoom(room: Room, isNew: boolean): Promise<Room> {
  return isNew
    ? (await apiSend<AdminRoomAnswer>('POST', '/api/admin/rooms', room)).room
    : (await apiSend<AdminRoomAnswer>('PUT', path('/api/admin/rooms', room.key), room)).room;
}

export async function deleteRoom(key: string): Promise<void> {
  await apiSend<DeletedAnswer>('DELETE', path('/api/admin/rooms', key));
}

export async function orderRooms(keys: string[]): Promise<AdminRoom[]> {
  return (await apiSend<AdminRoomsAnswer>('POST', '/api/admin/rooms/order', { keys })).rooms;
}

export async function listCategories(options: RequestOptions = {}): Promise<AdminCategory[]> {
  return (await apiGet<AdminCategoriesAnswer>('/api/admin/categories', options)).categories;
}

export async function saveCategory(category: AdminCategory, isNew: boolean): Promise<AdminCategory> {
  return isNew
    ? (await apiSend<AdminCategoryAnswer>('POST', '/api/admin/categories', category)).category
    : (await apiSend<AdminCategoryAnswer>('PUT', path('/api/admin/categories', category.key), category)).category;
}

export async function deleteCategory(key: string): Promise<void> {
  await apiSend<DeletedAnswer>('DELETE', path('/api/admin/categories', key));
}

export async function orderCategories(parent: string | null, keys: string[]): Promise<AdminCategory[]> {
  return (await apiSend<AdminCategoriesAnswer>('POST', '/api/admin/categories/order', { parent, keys })).categories;
}
