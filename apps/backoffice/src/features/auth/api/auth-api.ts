import {
  adminEnrolConfirmContract,
  adminEnrolStartContract,
  adminSetOwnPasswordContract,
  adminSignInContract,
  adminSignOutContract,
  adminTotpContract,
} from '@mekong/contracts/admin/auth';
import { adminFetch } from '@/lib/api-client';

export const signIn = (username: string, password: string) =>
  adminFetch(adminSignInContract, { body: { username, password } });

export const setOwnPassword = (challengeToken: string, newPassword: string) =>
  adminFetch(adminSetOwnPasswordContract, { body: { challengeToken, newPassword } });

export const startEnrolment = (challengeToken: string) =>
  adminFetch(adminEnrolStartContract, { body: { challengeToken } });

export const confirmEnrolment = (challengeToken: string, code: string) =>
  adminFetch(adminEnrolConfirmContract, { body: { challengeToken, code } });

export const verifyCode = (challengeToken: string, code: string) =>
  adminFetch(adminTotpContract, { body: { challengeToken, code } });

export const signOut = () => adminFetch(adminSignOutContract);
