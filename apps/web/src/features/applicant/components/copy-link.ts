import { toast } from 'react-toastify';
import { applicantMessages } from '@hirecast/domain/applicants';

/** spec 2 §2, §8: copy the applicant's link; say so, or say it could not be done. */
export async function copyApplicantLink(url: string) {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast.success(applicantMessages.linkCopied);
  } catch {
    toast.error(applicantMessages.linkFailed);
  }
}
