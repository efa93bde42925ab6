import { useState } from 'react';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { COMPANY_PAGE_LIMITS, companyPageMessages } from '@hirecast/domain/company-page-rules';
import { BlockFrame } from './block-frame.tsx';

export type TTextCardValue = { header: string; content: string };

type TProps = {
  value: TTextCardValue;
  editable: boolean;
  saving?: boolean;
  onSave: (value: TTextCardValue) => Promise<unknown>;
  onDelete?: () => void;
  /** A new card opens in edit mode. */
  startEditing?: boolean;
  onCancelNew?: () => void;
};

// spec 3 §5 Text card, edited in place: title up to 90, text up to 500; both must be filled to save. A card
// whose heading or text was emptied keeps its last saved version, and says so.
export function TextCard({ value, editable, saving, onSave, onDelete, startEditing, onCancelNew }: TProps) {
  const [editing, setEditing] = useState(Boolean(startEditing));
  const [draft, setDraft] = useState(value);
  const label = value.header || 'Text card';

  const finish = async () => {
    const header = draft.header.trim();
    const content = draft.content.trim();
    if (!header || !content) {
      toast.warning(companyPageMessages.textAreaDeleted);
      setDraft(value);
      setEditing(false);
      if (onCancelNew) onCancelNew();
      return;
    }
    if (header === value.header && content === value.content) {
      setEditing(false);
      return;
    }
    await onSave({ header, content });
    setEditing(false);
  };

  if (editing)
    return (
      <BlockFrame label={`Edit ${label}`}>
        <Stack spacing={2}>
          <TextField
            label="Heading"
            value={draft.header}
            onChange={(e) => setDraft({ ...draft, header: e.target.value })}
            slotProps={{ htmlInput: { maxLength: COMPANY_PAGE_LIMITS.textAreaHeaderMax } }}
            helperText={`${draft.header.length}/${COMPANY_PAGE_LIMITS.textAreaHeaderMax}`}
            autoFocus
            fullWidth
          />
          <TextField
            label="Text"
            value={draft.content}
            onChange={(e) => setDraft({ ...draft, content: e.target.value })}
            slotProps={{ htmlInput: { maxLength: COMPANY_PAGE_LIMITS.textAreaContentMax } }}
            helperText={`${draft.content.length}/${COMPANY_PAGE_LIMITS.textAreaContentMax}`}
            multiline
            minRows={4}
            fullWidth
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              onClick={() => {
                setDraft(value);
                setEditing(false);
                onCancelNew?.();
              }}
            >
              Cancel
            </Button>
            <Button variant="contained" loading={saving} onClick={() => void finish().catch(() => {})}>
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
      <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
        {value.header}
      </Typography>
      {value.content ? (
        <Typography sx={{ whiteSpace: 'pre-line' }}>{value.content}</Typography>
      ) : (
        <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
          No text yet: candidates do not see this card until it has some.
        </Typography>
      )}
    </BlockFrame>
  );
}
