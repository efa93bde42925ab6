import { useNavigate } from 'react-router';
import { useUpdateMeRedirected } from '../../api/update-me-redirected.ts';
import { FirstJobDialog } from '../publish/publish-dialogs.tsx';

// spec 1 §2: after the company's first job is created, offer to add details; 'Edit details' pushes the user
// to the edit page with state redirectedFirstJob (and marks them redirected, so the Live toggle will not ask
// again). 'Cancel' only closes: the toggle still asks before the first publish.
export function FirstJobPrompt({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const markRedirected = useUpdateMeRedirected();
  return (
    <FirstJobDialog
      open
      onClose={onClose}
      onCancel={onClose}
      text="Your first job is saved. Add a video, an image, the salary and a full description now, so it is ready to go live."
      onEditDetails={() => {
        markRedirected.mutate();
        onClose();
        void navigate(`/jobs/${jobId}/edit`, { state: { redirectedFirstJob: true } });
      }}
    />
  );
}
