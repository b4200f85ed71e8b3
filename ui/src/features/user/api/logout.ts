//! POST /api/auth/logout — ends this device's token on the server.
import { apiSend } from '../../../api/client';

export async function postLogout(): Promise<void> {
  await apiSend('POST', '/api/auth/logout', undefined, { track: false });
}
