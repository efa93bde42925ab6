import { useForm, type UseFormProps, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { ApiError } from '../../lib/api-client.ts';
import { ZCompanyForm, type TCompanyFormInput, type TCompanyFormOutput } from './company-form-schema.ts';

// The company form of the create-company page and the settings Company tab: the schema, checked on blur (not
// onTouched: a newly added social-link row must not show an error before it is filled in).
export function useCompanyForm(
  options: Pick<UseFormProps<TCompanyFormInput>, 'defaultValues' | 'values' | 'resetOptions'>,
) {
  return useForm<TCompanyFormInput, unknown, TCompanyFormOutput>({
    resolver: zodResolver(ZCompanyForm),
    mode: 'onBlur',
    ...options,
  });
}

/**
 * spec 1 §5: a company name another company has (409) stands under the name field, focused, and in a toast.
 * Answers whether the error was that one.
 */
export function showNameTaken(err: unknown, setError: UseFormSetError<TCompanyFormInput>) {
  if (!(err instanceof ApiError && err.status === 409)) return false;
  setError('name', { message: err.message }, { shouldFocus: true });
  toast.error(err.message);
  return true;
}
