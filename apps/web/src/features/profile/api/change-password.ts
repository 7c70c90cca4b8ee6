import { changePassword } from '@mekong/contracts/account';
import { apiCall } from '@/lib/api-client';

export function changeMyPassword(oldPassword: string, newPassword: string) {
  return apiCall(changePassword, { body: { oldPassword, newPassword } });
}
