import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { session } from '../../lib/session.ts';

// spec 1 §2 Shell: 'Log out' clears the session and goes to /sign-in. The server call revokes the token;
// its failure must not keep the user signed in here.
export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await api.post('/manager/logout').catch(() => undefined);
    session.clear();
    queryClient.clear();
    await navigate('/sign-in', { replace: true });
  };
}
