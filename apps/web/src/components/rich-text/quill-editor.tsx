import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import type { TDelta } from '@hirecast/domain/job';

type TProps = {
  value: TDelta | null;
  onChange: (delta: TDelta) => void;
  placeholder: string;
  readOnly?: boolean;
  label: string;
};

const TOOLBAR = [
  [{ header: [2, 3, false] }],
  ['bold', 'italic', 'underline'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link'],
  ['clean'],
];

// Quill's toolbar buttons and its heading picker have icons but no names; screen readers (and axe) need them.
const BUTTON_NAMES: Record<string, string> = {
  'ql-bold': 'Bold',
  'ql-italic': 'Italic',
  'ql-underline': 'Underline',
  'ql-link': 'Link',
  'ql-clean': 'Clear formatting',
};
const LIST_NAMES: Record<string, string> = { ordered: 'Numbered list', bullet: 'Bulleted list' };
const HEADER_NAMES: Record<string, string> = { '2': 'Heading 2', '3': 'Heading 3', '': 'Normal text' };

function nameToolbarControls(toolbar: { container?: HTMLElement } | undefined) {
  const root = toolbar?.container;
  if (!root) return;
  root.setAttribute('role', 'toolbar');
  root.setAttribute('aria-label', 'Formatting');
  root.querySelectorAll<HTMLButtonElement>('button').forEach((button) => {
    const cls = [...button.classList].find((c) => c in BUTTON_NAMES);
    const name = button.classList.contains('ql-list')
      ? LIST_NAMES[button.value]
      : cls
        ? BUTTON_NAMES[cls]
        : undefined;
    if (name) button.setAttribute('aria-label', name);
  });
  root.querySelectorAll<HTMLElement>('.ql-header.ql-picker').forEach((picker) => {
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', 'Text style');
    picker.querySelectorAll<HTMLElement>('.ql-picker-item').forEach((item) => {
      item.setAttribute('aria-label', HEADER_NAMES[item.dataset.value ?? ''] ?? 'Normal text');
    });
  });
}

const sameOps = (a: TDelta | null, b: TDelta | null) =>
  JSON.stringify(a?.ops ?? []) === JSON.stringify(b?.ops ?? []);

// Quill 2 used directly (react-quill does not support React 19). The Delta is the stored description
// (ARCHITECTURE.md); this module is loaded lazily so only the pages that edit rich text (job description, employee story)
// download Quill.
export default function QuillEditor({ value, onChange, placeholder, readOnly, label }: TProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const onChangeRef = useRef(onChange);
  const initialRef = useRef({ value, placeholder, readOnly });

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const mount = host.appendChild(document.createElement('div'));
    const initial = initialRef.current;
    const quill = new Quill(mount, {
      theme: 'snow',
      placeholder: initial.placeholder,
      readOnly: Boolean(initial.readOnly),
      modules: { toolbar: TOOLBAR },
    });
    nameToolbarControls(quill.getModule('toolbar') as { container?: HTMLElement } | undefined);
    quill.root.setAttribute('aria-label', label);
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    if (initial.value) quill.setContents(initial.value.ops as never, 'silent');
    quill.on('text-change', (_delta, _old, source) => {
      if (source === 'silent') return;
      onChangeRef.current({ ops: quill.getContents().ops as TDelta['ops'] });
    });
    quillRef.current = quill;
    return () => {
      quillRef.current = null;
      host.innerHTML = '';
    };
  }, [label]);

  // Content from outside (the AI wizard, reset to template) replaces what the editor shows.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill) return;
    const current: TDelta = { ops: quill.getContents().ops as TDelta['ops'] };
    if (!sameOps(current, value)) quill.setContents((value?.ops ?? []) as never, 'silent');
  }, [value]);

  useEffect(() => {
    quillRef.current?.enable(!readOnly);
    quillRef.current?.root.setAttribute('aria-readonly', String(Boolean(readOnly)));
  }, [readOnly]);

  return (
    <Box
      ref={hostRef}
      sx={{
        '& .ql-toolbar': { borderTopLeftRadius: 8, borderTopRightRadius: 8, borderColor: 'divider' },
        '& .ql-container': {
          borderBottomLeftRadius: 8,
          borderBottomRightRadius: 8,
          borderColor: 'divider',
          fontFamily: 'inherit',
          fontSize: '0.95rem',
        },
        '& .ql-editor': { minHeight: 260, maxHeight: 560, overflowY: 'auto' },
        '& .ql-editor.ql-blank::before': { fontStyle: 'normal', color: 'text.disabled' },
        // A read-only editor shows no formatting toolbar (spec 1 §6: a viewer cannot change the job).
        ...(readOnly && {
          '& .ql-toolbar': { display: 'none' },
          '& .ql-toolbar + .ql-container.ql-snow': { borderTop: 1, borderColor: 'divider', borderRadius: 2 },
        }),
      }}
    />
  );
}
