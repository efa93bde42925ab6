import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { COMPANY_PAGE_LIMITS, companyPageMessages } from '@hirecast/domain/company-page-rules';
import { BlockFrame } from './block-frame.tsx';

export type TQuoteValue = { content: string; author: string };

type TProps = {
  value: TQuoteValue;
  editable: boolean;
  saving?: boolean;
  onSave: (value: TQuoteValue) => Promise<unknown>;
  onDelete?: () => void;
  startEditing?: boolean;
  onCancelNew?: () => void;
};

// spec 3 §5 Quote card: the quote (required, up to 250) and its author (up to 50), edited in place.
export function QuoteCard({ value, editable, saving, onSave, onDelete, startEditing, onCancelNew }: TProps) {
  const [editing, setEditing] = useState(Boolean(startEditing));
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const label = value.author ? `Quote by ${value.author}` : 'Quote';

  const save = async () => {
    const content = draft.content.trim();
    const author = draft.author.trim();
    if (!content) {
      setError(companyPageMessages.required);
      return;
    }
    if (content !== value.content || author !== value.author) await onSave({ content, author });
    setEditing(false);
  };

  if (editing)
    return (
      <BlockFrame label={`Edit ${label}`}>
        <Stack spacing={2}>
          <TextField
            label="Quote"
            required
            value={draft.content}
            onChange={(e) => {
              setDraft({ ...draft, content: e.target.value });
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? `${draft.content.length}/${COMPANY_PAGE_LIMITS.quoteContentMax}`}
            slotProps={{ htmlInput: { maxLength: COMPANY_PAGE_LIMITS.quoteContentMax } }}
            multiline
            minRows={3}
            autoFocus
            fullWidth
          />
          <TextField
            label="Author"
            value={draft.author}
            onChange={(e) => setDraft({ ...draft, author: e.target.value })}
            helperText={`${draft.author.length}/${COMPANY_PAGE_LIMITS.quoteAuthorMax}`}
            slotProps={{ htmlInput: { maxLength: COMPANY_PAGE_LIMITS.quoteAuthorMax } }}
            fullWidth
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              onClick={() => {
                setDraft(value);
                setError(null);
                setEditing(false);
                onCancelNew?.();
              }}
            >
              Cancel
            </Button>
            <Button variant="contained" loading={saving} onClick={() => void save().catch(() => {})}>
              Save
            </Button>
          </Stack>
        </Stack>
      </BlockFrame>
    );

  return (
    <BlockFrame
      label={label}
      actions={
        editable && (
          <>
            <Tooltip title="Edit">
              <IconButton
                aria-label={`Edit ${label}`}
                size="small"
                onClick={() => {
                  setDraft(value);
                  setEditing(true);
                }}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            {onDelete && (
              <Tooltip title="Delete">
                <IconButton aria-label={`Delete ${label}`} size="small" onClick={onDelete}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        )
      }
    >
      <Box component="figure" sx={{ m: 0 }}>
        <FormatQuoteIcon sx={{ color: 'primary.main', fontSize: 40, transform: 'scaleX(-1)' }} aria-hidden />
        <Typography
          component="blockquote"
          sx={{ m: 0, fontSize: '1.25rem', fontWeight: 500, lineHeight: 1.5 }}
        >
          {value.content}
        </Typography>
        {value.author && (
          <Typography component="figcaption" color="text.secondary" sx={{ mt: 1.5 }}>
            — {value.author}
          </Typography>
        )}
      </Box>
    </BlockFrame>
  );
}
