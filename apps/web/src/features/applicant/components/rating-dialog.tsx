import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_MARK } from '@hirecast/domain/applicants';
import { errorMessage } from '../../../lib/api-client.ts';
import type { TApplicationRef } from '../api/application-path.ts';
import { useCreateMark } from '../api/create-mark.ts';
import { useDeleteMark } from '../api/delete-mark.ts';
import { useMarks, type TMark } from '../api/get-marks.ts';
import { markLabel } from './mark-label.ts';

export const ratingMessages = {
  saved: 'Your rating has been saved.',
  removed: 'Your rating has been removed.',
} as const;

function TeamMarks({ marks }: { marks: TMark[] }) {
  if (marks.length === 0) return <Typography color="text.secondary">Nobody has rated them yet.</Typography>;
  const average = marks.reduce((sum, m) => sum + m.mark, 0) / marks.length;
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Average {average.toFixed(1)} from {marks.length} {marks.length === 1 ? 'rating' : 'ratings'}
      </Typography>
      <Stack component="ul" spacing={0.75} aria-label="Team ratings" sx={{ m: 0, p: 0 }}>
        {marks.map((m) => (
          <Box
            component="li"
            key={m._id}
            sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 120 }}>
              {m._manager.firstName} {m._manager.lastName}
            </Typography>
            <Rating value={m.mark} readOnly size="small" aria-hidden="true" />
            <Typography variant="body2" color="text.secondary">
              {m.mark} · {markLabel(m.mark)}
            </Typography>
          </Box>
        ))}
      </Stack>
    </>
  );
}

function RatingForm({
  application,
  mine,
  marks,
  onClose,
}: {
  application: TApplicationRef;
  mine: TMark | undefined;
  marks: TMark[];
  onClose: () => void;
}) {
  // spec 2 §5: the dialog starts at 3 unless you have rated them already.
  const [value, setValue] = useState(mine?.mark ?? DEFAULT_MARK);
  const [hover, setHover] = useState(-1);
  const create = useCreateMark();
  const remove = useDeleteMark();
  const pending = create.isPending || remove.isPending;
  const shown = hover > 0 ? hover : value;

  const save = async () => {
    try {
      await create.mutateAsync({ ...application, body: { mark: value } });
      toast.success(ratingMessages.saved);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const removeMine = async (markId: string) => {
    try {
      await remove.mutateAsync({ ...application, markId });
      toast.success(ratingMessages.removed);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={1} sx={{ alignItems: 'center', py: 1 }}>
          <Rating
            name="mark"
            value={value}
            max={5}
            size="large"
            onChange={(_e, next) => next && setValue(next)}
            onChangeActive={(_e, next) => setHover(next)}
            getLabelText={(n) => `${n} ${n === 1 ? 'star' : 'stars'}, ${markLabel(n)}`}
            sx={{ fontSize: '2.75rem' }}
          />
          <Typography variant="h6" component="p" aria-live="polite" data-testid="mark-label">
            {markLabel(shown)}
          </Typography>
          {mine && (
            <Button size="small" color="error" onClick={() => void removeMine(mine._id)} disabled={pending}>
              Remove my rating
            </Button>
          )}
        </Stack>
        <Divider sx={{ my: 2 }} />
        <TeamMarks marks={marks} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} loading={create.isPending} disabled={pending}>
          Save rating
        </Button>
      </DialogActions>
    </>
  );
}

/** spec 2 §2, §3 Mark, §5 Rating: your mark from 1 to 5 with its label, and the team's. */
export function RatingDialog({
  application,
  meId,
  name,
  onClose,
}: {
  application: TApplicationRef;
  meId: string;
  name: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const marks = useMarks(application);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Rate {name}</DialogTitle>
      {marks.isPending && (
        <DialogContent>
          <Stack sx={{ alignItems: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label="Loading ratings" />
          </Stack>
        </DialogContent>
      )}
      {marks.isError && (
        <>
          <DialogContent>
            <Typography color="error">{errorMessage(marks.error)}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
      {marks.isSuccess && (
        <RatingForm
          application={application}
          marks={marks.data}
          mine={marks.data.find((m) => m._manager._id === meId)}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}
