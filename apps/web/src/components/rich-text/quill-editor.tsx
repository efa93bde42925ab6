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
      }}
    />
  );
}
