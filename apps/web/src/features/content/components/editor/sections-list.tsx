import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import type { TTemplateData, TTemplateSection } from '@hirecast/domain/video-template';
import { addClipError, canMoveSection } from '@hirecast/domain/video-template-rules';
import { SectionFields } from './section-fields.tsx';
import { sectionKindLabel, type TEditorAction, type TSectionKind } from './template-form.ts';
import { addVideoBlocked } from './template-validation.ts';
import { DragHandle, SortableList, useSortableItem } from '../../../../components/sortable-list.tsx';

function labelsOf(sections: readonly TTemplateSection[]) {
  const seen: Partial<Record<TSectionKind, number>> = {};
  const totals: Partial<Record<TSectionKind, number>> = {};
  for (const s of sections) totals[s.type] = (totals[s.type] ?? 0) + 1;
  return new Map(
    sections.map((s) => {
      const n = (seen[s.type] = (seen[s.type] ?? 0) + 1);
      const base = sectionKindLabel[s.type];
      return [s.id, (totals[s.type] ?? 0) > 1 ? `${base} ${n}` : base] as const;
    }),
  );
}

function SortableSection({
  section,
  label,
  children,
  onRemove,
}: {
  section: TTemplateSection;
  label: string;
  children: ReactNode;
  onRemove: () => void;
}) {
  // The opening and the closing stay first and last: they have no handle and do not move.
  const fixed = section.type === 'entrance' || section.type === 'ending';
  const { ref, style, isDragging, handle } = useSortableItem(section.id, { disabled: fixed });
  return (
    <Paper
      ref={ref}
      style={style}
      component="li"
      variant="outlined"
      aria-label={label}
      sx={{ listStyle: 'none', p: 1.5, pt: 1, borderRadius: 2, boxShadow: isDragging ? 6 : 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {fixed ? (
          <Box
            component="span"
            title={`The ${label.toLowerCase()} stays ${section.type === 'entrance' ? 'first' : 'last'}`}
            sx={{ width: 34, height: 34, display: 'grid', placeItems: 'center', color: 'text.disabled' }}
          >
            <PushPinOutlinedIcon fontSize="small" aria-hidden="true" />
          </Box>
        ) : (
          <DragHandle {...handle} label={label} />
        )}
        <Typography component="h3" variant="subtitle2" sx={{ flex: 1 }}>
          {label}
        </Typography>
        <Tooltip title={`Remove ${label}`}>
          <IconButton size="small" aria-label={`Remove ${label}`} onClick={onRemove}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {children}
    </Paper>
  );
}

// spec 3 §2: sections (opening, video segments each with an optional transition, closing) with add, remove
// and drag reordering (dnd-kit: mouse, touch, and keyboard: Space lifts, arrows move, Space drops).
export function SectionsList({
  data,
  dispatch,
  errorOf,
  onTouch,
}: {
  data: TTemplateData;
  dispatch: (action: TEditorAction) => void;
  errorOf: (field: string) => string | undefined;
  onTouch: (field: string) => void;
}) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const ids = data.sections.map((s) => s.id);
  const labels = labelsOf(data.sections);
  const videoBlocked = addVideoBlocked(data);
  const has = (kind: TSectionKind) => data.sections.some((s) => s.type === kind);
  const addable: { kind: TSectionKind; disabled: string | null }[] = [
    { kind: 'video', disabled: videoBlocked },
    { kind: 'transition', disabled: null },
    { kind: 'entrance', disabled: has('entrance') ? 'There is an opening already' : null },
    { kind: 'ending', disabled: has('ending') ? 'There is a closing already' : null },
  ];

  // Dropped on the opening or the closing: the section stays where it was (they keep their places).
  const onMove = (from: number, to: number) => {
    if (canMoveSection(data.sections, from, to)) dispatch({ type: 'move', from, to });
  };

  return (
    <Box component="section" aria-labelledby="sections-title">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography id="sections-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          Sections
        </Typography>
        <Button
          startIcon={<AddIcon />}
          onClick={(e) => setMenu(e.currentTarget)}
          aria-haspopup="menu"
          aria-expanded={menu ? 'true' : undefined}
        >
          Add section
        </Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          {addable.map(({ kind, disabled }) => (
            <MenuItem
              key={kind}
              disabled={Boolean(disabled)}
              onClick={() => {
                dispatch({ type: 'add', kind });
                setMenu(null);
              }}
            >
              <ListItemText secondary={disabled}>{sectionKindLabel[kind]}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      </Stack>
      {videoBlocked && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {videoBlocked}
        </Alert>
      )}
      <SortableList
        ids={ids}
        noun="section"
        labelOf={(id) => labels.get(id) ?? 'Section'}
        layout="list"
        onMove={onMove}
      >
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Sections in order">
          {data.sections.map((section) => {
            const label = labels.get(section.id) ?? 'Section';
            return (
              <SortableSection
                key={section.id}
                section={section}
                label={label}
                onRemove={() => dispatch({ type: 'remove', id: section.id })}
              >
                <SectionFields
                  section={section}
                  label={label}
                  portrait={data.type === 'portrait'}
                  errorOf={errorOf}
                  onTouch={onTouch}
                  onChange={(patch) => dispatch({ type: 'section', id: section.id, patch })}
                  clipError={(ms, id) => addClipError(data, ms, id)}
                />
              </SortableSection>
            );
          })}
        </Stack>
      </SortableList>
    </Box>
  );
}
