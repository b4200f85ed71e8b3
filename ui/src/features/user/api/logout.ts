//! POST /api/auth/logout — ends this device's token on the server.
import { apiSend } from '../../../api/client';
import type { Done } from '../../../api/types';

export async function postLogout(): Promise<void> {
  await apiSend<Done>('POST', '/api/auth/logout', undefined, { track: false });
}
