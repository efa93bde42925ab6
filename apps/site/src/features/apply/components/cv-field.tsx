import { checkCvFile, type TApplyRequest } from '@hirecast/domain/application';
import { useRef, useState } from 'react';
import { uploadCv } from '../api/upload-cv.ts';
import { fieldId } from '../lib/apply-form.ts';
import { FilePicker } from './file-picker.tsx';
import { UploadStatus } from './upload-status.tsx';
import { useRescueFocus } from '../../../lib/use-rescue-focus.ts';
import type { useUpload } from './use-upload.ts';

type TCv = NonNullable<TApplyRequest['cv']>;

/** The CV: PDF or DOCX up to 20 MB (spec 3 §5), uploaded as soon as it is chosen. */
export function CvField({
  shortId,
  upload,
  error,
}: {
  shortId: string;
  upload: ReturnType<typeof useUpload<TCv>>;
  error?: string;
}) {
  const [pickError, setPickError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useRescueFocus(input, upload.state.status);
  const id = fieldId('cv');
  const message = pickError ?? error;
  return (
    <div className={`field${message ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        CV<span className="optional"> (optional)</span>
      </label>
      <p className="field-hint" id={`${id}-hint`}>
        PDF or DOCX, up to 20 MB.
      </p>
      {upload.state.status === 'idle' || upload.state.status === 'error' ? (
        <FilePicker>
          <input
            ref={input}
            id={id}
            className="file-picker-input"
            type="file"
            accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            aria-describedby={`${id}-hint ${id}-error`}
            aria-invalid={message ? true : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              const problem = checkCvFile(file);
              setPickError(problem);
              if (problem) {
                upload.reset();
                return;
              }
              upload.start(file.name, (progress) => uploadCv({ file, shortId, ...progress }));
            }}
          />
        </FilePicker>
      ) : null}
      <UploadStatus state={upload.state} label="CV" onCancel={upload.reset} onDelete={upload.reset} />
      <p className="field-error" id={`${id}-error`} role="alert">
        {message && (
          <>
            <span aria-hidden="true">! </span>
            {message}
          </>
        )}
      </p>
    </div>
  );
}
