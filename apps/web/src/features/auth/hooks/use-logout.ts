import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signOut } from '@/features/auth/api/auth-api';
import { queryKeys } from '@/lib/query-keys';

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await signOut();
    await navigate('/login', { replace: true });
    queryClient.removeQueries({ queryKey: queryKeys.member });
  };
}
