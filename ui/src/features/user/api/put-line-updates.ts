//! PUT /api/auth/userInfo with `lineUpdates`: a LINE shopper's choice between order updates in LINE
//! chat and e-mail. The endpoint replaces the addresses and tax details too, so the ones the app
//! holds are sent back unchanged.
import { apiSend } from '../../../api/client';
import type { UserInfo, UserInfoAnswer } from '../../../api/types';
import type { User } from './get-user';

export async function putLineUpdates(user: User, on: boolean): Promise<UserInfo> {
  const info = user.userInfo;
  const body = { addInfo: info?.addInfo ?? [], vatInfo: info?.vatInfo ?? null, lineUpdates: on };
  const answer = await apiSend<UserInfoAnswer>('PUT', '/api/auth/userInfo', body);
  return answer.userInfo;
}
