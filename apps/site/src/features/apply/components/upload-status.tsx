import { useRef } from 'react';
import { useRescueFocus } from '../../../lib/use-rescue-focus.ts';
import type { TUploadState } from './use-upload.ts';

/**
 * Progress of an upload with its Cancel button; once it is done, the file name and Delete. The text and the
 * progress bar say the same thing, so nothing depends on colour. Actions left out are not offered.
 */
export function UploadStatus<T>({
  state,
  label,
  onCancel,
  onDelete,
  onRetry,
}: {
  state: TUploadState<T>;
  label: string;
  onCancel?: () => void;
  onDelete?: () => void;
  onRetry?: () => void;
}) {
  const action = useRef<HTMLButtonElement>(null);
  useRescueFocus(action, state.status);
  if (state.status === 'idle') return null;
  const button = (text: string, onClick: () => void) => (
    <button ref={action} type="button" className="button button-secondary button-small" onClick={onClick}>
      {text}
    </button>
  );
  return (
    <div className="upload-status">
      <p className="upload-file">
        <span className="upload-name">{state.fileName}</span>
        <span className="upload-state" aria-live="polite">
          {state.status === 'uploading' && `Uploading… ${state.progress}%`}
          {state.status === 'done' && 'Uploaded'}
          {state.status === 'error' && 'Not uploaded'}
        </span>
      </p>
      {state.status === 'uploading' && (
        <progress className="progress" max={100} value={state.progress} aria-label={`${label} upload`}>
          {state.progress}%
        </progress>
      )}
      {state.status === 'error' && (
        <p className="field-error" role="alert">
          <span aria-hidden="true">! </span>
          {state.message}
        </p>
      )}
      <div className="upload-actions">
        {state.status === 'uploading' && onCancel && button('Cancel upload', onCancel)}
        {state.status === 'done' && onDelete && button(`Delete ${label}`, onDelete)}
        {state.status === 'error' && onRetry && button('Try again', onRetry)}
        {state.status === 'error' && onDelete && button('Remove', onDelete)}
      </div>
    </div>
  );
}
