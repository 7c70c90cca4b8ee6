import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MEMBER_KEY } from '@/app/query-client';
import { signOut } from '@/features/auth/api/auth-api';

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await signOut();
    await navigate('/login', { replace: true });
    queryClient.removeQueries({ queryKey: [MEMBER_KEY] });
  };
}
