import { useId, useState } from 'react';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import { toast } from 'react-toastify';
import {
  STATUS_LABELS,
  STATUS_LETTER,
  ZSendEventLetterRequest,
  type THistoryItem,
  type TLetterKind,
} from '@hirecast/domain/applicants';
import { errorMessage } from '../../../lib/api-client.ts';
import { useHistory } from '../api/get-history.ts';
import { useSendEventLetter } from '../api/send-event-letter.ts';
import { usePhone } from './use-phone.ts';

/**
 * What a history item says happened. A status change says so even when an email went with it (the server
 * then keeps the email's subject as the title; the entry shows it under the change).
 */
export function historyTitle(item: THistoryItem): string {
  const { eventName, details } = item.event;
  if (eventName === 'statusChanged' && details.status)
    return `Status changed to ${STATUS_LABELS[details.status]}`;
  if (details.title) return details.title;
  if (eventName === 'statusChanged') return 'Status changed';
  if (eventName === 'communication') return 'Message';
  return 'Email';
}

const ICONS = {
  statusChanged: SwapHorizIcon,
  message: MailOutlineIcon,
  communication: ChatBubbleOutlineIcon,
  interview: VideocamOutlinedIcon,
} as const;

const byNewest = (a: THistoryItem, b: THistoryItem) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

// An email in the history is shown by its first lines; the whole of it on request.
const CLAMP_LINES = 3;
const isLong = (text: string) => text.split('\n').length > CLAMP_LINES || text.length > 240;

function HistoryText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = isLong(text);
  return (
    <>
      <Typography
        variant="body2"
        sx={{
          mt: 0.75,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          ...(long &&
            !open && {
              display: '-webkit-box',
              WebkitLineClamp: CLAMP_LINES,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }),
        }}
      >
        {text}
      </Typography>
      {long && (
        <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} sx={{ ml: -1, mt: 0.25 }}>
          {open ? 'Show less' : 'Show all'}
        </Button>
      )}
    </>
  );
}

/** The email a status change went without, if it has one (spec 2 §4: hired, rejected, interviewing, shortlisted). */
export const missingLetter = (item: THistoryItem): TLetterKind | null =>
  item.event.eventName === 'statusChanged' && !item.event.isLetterSent && item.event.details.status
    ? (STATUS_LETTER[item.event.details.status] ?? null)
    : null;

export const historyMessages = { letterSent: 'The email has been sent.' } as const;

/**
 * spec 2 §7 PATCH .../send/letter: the email of a status change made without one (or whose sending failed),
 * written and sent from its history entry; the status stays as it is.
 */
function SendMissingLetter({
  item,
  application,
  draft,
}: {
  item: THistoryItem;
  application: { jobId: string; id: string };
  draft: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useSendEventLetter();
  if (text === null)
    return (
      <Button size="small" variant="outlined" onClick={() => setText(draft)} sx={{ mt: 1 }}>
        Send the email
      </Button>
    );
  const submit = async () => {
    const parsed = ZSendEventLetterRequest.safeParse({ eventId: item._id, text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    try {
      await send.mutateAsync({ ...application, body: parsed.data });
      toast.success(historyMessages.letterSent);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <TextField
        label="Email to the candidate"
        multiline
        minRows={5}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error}
        disabled={send.isPending}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => setText(null)} disabled={send.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={send.isPending}>
          Send
        </Button>
      </Stack>
    </Stack>
  );
}

type TLetterOffer = {
  application: { jobId: string; id: string };
  /** The starting text of a letter of `kind` to this candidate; null when the person cannot send email. */
  draftOf: ((kind: TLetterKind) => string) | null;
};

function HistoryEntry({ item, offer }: { item: THistoryItem; offer: TLetterOffer }) {
  const Icon = ICONS[item.event.eventName];
  const letterKind = missingLetter(item);
  const title = historyTitle(item);
  const subject = item.event.details.title;
  return (
    <Box component="li" aria-label={title} sx={{ listStyle: 'none', display: 'flex', gap: 1.5 }}>
      <Box
        aria-hidden="true"
        sx={{
          flexShrink: 0,
          width: 32,
          height: 32,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.default',
          color: 'text.secondary',
        }}
      >
        <Icon fontSize="small" />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {item.event.isLetterSent && <Chip size="small" label="Email sent" variant="outlined" />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          by {item.changedBy} ·{' '}
          <time dateTime={item.createdAt}>{dayjs(item.createdAt).format('D MMM YYYY, HH:mm')}</time>
        </Typography>
        {subject && subject !== title && (
          <Typography variant="body2" sx={{ mt: 0.75, overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              Subject:
            </Box>{' '}
            {subject}
          </Typography>
        )}
        {item.event.details.text && <HistoryText text={item.event.details.text} />}
        {letterKind && offer.draftOf && (
          <SendMissingLetter item={item} application={offer.application} draft={offer.draftOf(letterKind)} />
        )}
      </Box>
    </Box>
  );
}

/** spec 2 §2, §3 History item: what happened to the application and who did it, newest first. */
export function HistoryDialog({
  application,
  name,
  draftOf,
  onClose,
}: {
  application: { jobId: string; id: string };
  name: string;
  draftOf: TLetterOffer['draftOf'];
  onClose: () => void;
}) {
  const titleId = useId();
  const phone = usePhone();
  const history = useHistory(application.id);
  let body;
  if (history.isPending)
    body = <CircularProgress size={28} aria-label="Loading history" sx={{ alignSelf: 'center', my: 2 }} />;
  else if (history.isError) body = <Typography color="error">{errorMessage(history.error)}</Typography>;
  else if (history.data.length === 0)
    body = <Typography color="text.secondary">Nothing has happened yet.</Typography>;
  else
    body = (
      <Stack component="ol" spacing={2.5} aria-label="History" sx={{ m: 0, p: 0 }}>
        {[...history.data].sort(byNewest).map((item) => (
          <HistoryEntry key={item._id} item={item} offer={{ application, draftOf }} />
        ))}
      </Stack>
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>History of {name}</DialogTitle>
      <DialogContent>
        <Stack>{body}</Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
