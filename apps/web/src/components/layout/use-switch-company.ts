import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { session } from '../../lib/session.ts';

// spec 1 §4: switching company sets the company-id cookie and goes to /jobs. Every cached answer belonged to
// the previous company, so the cache is reset (not just invalidated): nothing of the old company flashes up.
export function useSwitchCompany() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (companyId: string) => {
    session.setCompanyId(companyId);
    await navigate('/jobs');
    await queryClient.resetQueries();
  };
}
