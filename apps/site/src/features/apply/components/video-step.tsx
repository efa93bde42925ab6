import { APPLY_LIMITS, checkIntroVideoFile } from '@hirecast/domain/application';
import type { TPublicJob } from '@hirecast/domain/public-job';
import { useRef, useState } from 'react';
import { fieldId, type TFieldErrors } from '../lib/apply-form.ts';
import { FieldMessage, TextArea } from './form-fields.tsx';
import { FilePicker } from './file-picker.tsx';
import { UploadStatus } from './upload-status.tsx';
import { useRescueFocus } from '../../../lib/use-rescue-focus.ts';
import type { TUploadState } from './use-upload.ts';
import { VideoRecorder, type TRecording } from './video-recorder.tsx';

export type TVideoMode = 'record' | 'upload';

/** Step 3: the video introduction answering the job's question (recorded or uploaded), and its custom question. */
export function VideoStep({
  job,
  errors,
  answer,
  onAnswer,
  mode,
  onMode,
  upload,
  recordingUrl,
  onRecorded,
  onRetake,
  onRetry,
  onFile,
  onRemove,
}: {
  job: Pick<TPublicJob, 'videoQuestion' | 'isVideoOptional' | 'customQuestion'> & { companyName: string };
  errors: TFieldErrors;
  answer: string;
  onAnswer: (value: string) => void;
  mode: TVideoMode;
  onMode: (mode: TVideoMode) => void;
  upload: TUploadState<unknown>;
  recordingUrl: string | null;
  onRecorded: (recording: TRecording) => void;
  onRetake: () => void;
  onRetry: () => void;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const [pickError, setPickError] = useState<string | null>(null);
  const [cameraBusy, setCameraBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useRescueFocus(fileInput, upload.status);
  const hasFile = mode === 'upload' && (upload.status === 'uploading' || upload.status === 'done');
  const showModes = !recordingUrl && !hasFile && !(mode === 'record' && cameraBusy);
  const videoError = pickError ?? errors.video;
  return (
    <>
      <p className="step-intro">
        {job.isVideoOptional
          ? `Optional: you can apply without one, but a short video helps ${job.companyName} get to know you.`
          : `A short video is part of this application.`}
      </p>
      <div className="video-question">
        <p
          className="question"
          id={fieldId('video')}
          tabIndex={-1}
          aria-describedby={videoError ? `${fieldId('video')}-error` : undefined}
        >
          <span className="question-label">Your video question</span>
          {job.videoQuestion}
        </p>
        <p className="field-hint">
          {job.isVideoOptional ? 'Optional. ' : ''}Up to 2 minutes. Be yourself: there is no need to prepare a
          script.
        </p>
      </div>
      {showModes && (
        <fieldset className="mode-switch">
          <legend className="visually-hidden">How to add your video</legend>
          {(['record', 'upload'] as const).map((value) => (
            <label key={value} className={`mode-option${mode === value ? ' mode-option-selected' : ''}`}>
              <input
                type="radio"
                name="video-mode"
                value={value}
                checked={mode === value}
                onChange={() => onMode(value)}
              />
              {value === 'record' ? 'Record a video' : 'Upload a file'}
            </label>
          ))}
        </fieldset>
      )}
      {mode === 'record' ? (
        <>
          <VideoRecorder
            recordedUrl={recordingUrl}
            onRecorded={onRecorded}
            onRetake={onRetake}
            onUseFile={() => onMode('upload')}
            onBusy={setCameraBusy}
          />
          {recordingUrl && <UploadStatus state={upload} label="video" onRetry={onRetry} />}
        </>
      ) : (
        <div className="field">
          {!hasFile && (
            <>
              <label htmlFor={fieldId('video-file')}>Video file</label>
              <p className="field-hint" id={`${fieldId('video-file')}-hint`}>
                MP4, MOV or WEBM, up to 500 MB.
              </p>
              <FilePicker>
                <input
                  ref={fileInput}
                  id={fieldId('video-file')}
                  className="file-picker-input"
                  type="file"
                  accept="video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov"
                  aria-describedby={`${fieldId('video-file')}-hint ${fieldId('video')}-error`}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (!file) return;
                    const problem = checkIntroVideoFile(file);
                    setPickError(problem);
                    if (!problem) onFile(file);
                  }}
                />
              </FilePicker>
            </>
          )}
          <UploadStatus state={upload} label="video" onCancel={onRemove} onDelete={onRemove} />
        </div>
      )}
      <FieldMessage name="video" error={videoError ?? undefined} />
      {job.customQuestion && (
        <TextArea
          name="customQuestion"
          label={job.customQuestion}
          maxLength={APPLY_LIMITS.answerMax}
          value={answer}
          onValue={onAnswer}
          error={errors.customQuestion}
        />
      )}
    </>
  );
}
