import { useId, useState } from 'react';
import dayjs from 'dayjs';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import type { TNote } from '@hirecast/domain/applicants';
import { errorMessage } from '../../../lib/api-client.ts';
import type { TApplicationRef } from '../api/application-path.ts';
import { useCreateNote } from '../api/create-note.ts';
import { useDeleteNote } from '../api/delete-note.ts';
import { useNotes } from '../api/get-notes.ts';
import { usePhone } from './use-phone.ts';

const NOTE_MAX = 5000;

export const noteMessages = {
  added: 'Your note has been added.',
  feedbackAdded: 'Your feedback has been added.',
  deleted: 'The note has been deleted.',
  empty: 'No notes or feedback yet.',
} as const;

const byNewest = (a: TNote, b: TNote) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

function NoteItem({
  note,
  mine,
  onDelete,
  deleting,
}: {
  note: TNote;
  mine: boolean;
  onDelete: () => void;
  deleting: boolean;
}) {
  const author = `${note._manager.firstName} ${note._manager.lastName}`.trim() || note._manager.email;
  return (
    <Box
      component="li"
      aria-label={`${note.isFeedback ? 'Feedback' : 'Note'} by ${author}`}
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 0.75 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              label={note.isFeedback ? 'Feedback' : 'Note'}
              color={note.isFeedback ? 'secondary' : 'default'}
              variant={note.isFeedback ? 'filled' : 'outlined'}
            />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {author}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={note.createdAt}>
            {dayjs(note.createdAt).format('D MMM YYYY, HH:mm')}
          </Typography>
        </Box>
        {/* spec 2 §6: only the author deletes their own note. */}
        {mine && (
          <IconButton
            size="small"
            aria-label="Delete note"
            onClick={onDelete}
            disabled={deleting}
            sx={{ mt: -0.5, mr: -0.5 }}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {note.text}
      </Typography>
    </Box>
  );
}

/** spec 2 §2 and §5: notes and feedback on an applicant; any team member (viewers too) can add them. */
export function NotesDialog({
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
  const phone = usePhone();
  const notes = useNotes(application);
  const create = useCreateNote();
  const remove = useDeleteNote();
  const [text, setText] = useState('');
  const [isFeedback, setIsFeedback] = useState(false);

  const add = async () => {
    try {
      await create.mutateAsync({ ...application, body: { text: text.trim(), isFeedback } });
      setText('');
      toast.success(isFeedback ? noteMessages.feedbackAdded : noteMessages.added);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const deleteNote = async (noteId: string) => {
    try {
      await remove.mutateAsync({ ...application, noteId });
      toast.success(noteMessages.deleted);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  let list;
  if (notes.isPending)
    list = <CircularProgress size={28} aria-label="Loading notes" sx={{ alignSelf: 'center', my: 2 }} />;
  else if (notes.isError) list = <Typography color="error">{errorMessage(notes.error)}</Typography>;
  else if (notes.data.length === 0)
    list = <Typography color="text.secondary">{noteMessages.empty}</Typography>;
  else
    list = (
      <Stack component="ul" spacing={1.5} aria-label="Notes" sx={{ m: 0, p: 0 }}>
        {[...notes.data].sort(byNewest).map((note) => (
          <NoteItem
            key={note._id}
            note={note}
            mine={note._manager._id === meId}
            deleting={remove.isPending && remove.variables?.noteId === note._id}
            onDelete={() => void deleteNote(note._id)}
          />
        ))}
      </Stack>
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>Notes and feedback on {name}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) void add();
          }}
          sx={{ mb: 3, mt: 0.5 }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            value={isFeedback ? 'feedback' : 'note'}
            onChange={(_e, value: string | null) => value && setIsFeedback(value === 'feedback')}
            aria-label="Kind"
            sx={{ mb: 1.5 }}
          >
            <ToggleButton value="note">Note</ToggleButton>
            <ToggleButton value="feedback">Feedback</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label={isFeedback ? 'Your feedback' : 'Your note'}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={3}
            maxRows={10}
            fullWidth
            helperText="Seen by your team only, never by the candidate."
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            {/* spec 2 §5: the send buttons need non-empty text. */}
            <Button type="submit" variant="contained" disabled={!text.trim()} loading={create.isPending}>
              {isFeedback ? 'Add feedback' : 'Add note'}
            </Button>
          </Box>
        </Box>
        <Stack>{list}</Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
