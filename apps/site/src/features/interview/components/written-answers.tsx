import { useId, useRef, useState, type ReactNode } from 'react';
import {
  INTERVIEW_LIMITS,
  interviewMessages,
  type TAnswerRequest,
  type TCandidateQuestion,
} from '@hirecast/domain/interview';
import { errorMessage } from '../../../lib/api.ts';
import { answerQuestion } from '../api/answer-question.ts';
import { answerFileType, uploadAnswerFile } from '../api/upload-answer-file.ts';

type TProps = { token: string; question: TCandidateQuestion; onAnswered: () => void };

/** Sends an answer and moves on; the server's refusal is shown as it is. */
function useSubmit({ token, question, onAnswered }: TProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (answer: () => Promise<TAnswerRequest> | TAnswerRequest) => {
    setBusy(true);
    setError(null);
    try {
      await answerQuestion(token, question._id, await answer());
      onAnswered();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return { busy, error, setError, submit };
}

function Actions({ busy, error, children }: { busy: boolean; error: string | null; children?: ReactNode }) {
  return (
    <>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions-start">
        <button type="submit" className="button button-primary" disabled={busy}>
          Submit answer
        </button>
        {children}
      </div>
    </>
  );
}

export function TextAnswer(props: TProps) {
  const max = props.question.maxChars ?? INTERVIEW_LIMITS.textMaxChars;
  const [text, setText] = useState('');
  const { busy, error, setError, submit } = useSubmit(props);
  const id = useId();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === '') return setError(interviewMessages.textRequired);
        void submit(() => ({ text }));
      }}
    >
      <div className="field">
        <label htmlFor={id}>Your answer</label>
        <textarea
          id={id}
          className="input textarea"
          rows={8}
          maxLength={max}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-count`}
        />
        <p id={`${id}-count`} className="field-hint">
          {text.length.toLocaleString('en-GB')} / {max.toLocaleString('en-GB')} characters
        </p>
      </div>
      <Actions busy={busy} error={error} />
    </form>
  );
}

export function ChoiceAnswer(props: TProps) {
  const [choice, setChoice] = useState<number | null>(null);
  const { busy, error, setError, submit } = useSubmit(props);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (choice === null) return setError(interviewMessages.choiceInvalid);
        void submit(() => ({ choice }));
      }}
    >
      <fieldset className="choices">
        <legend>Choose one</legend>
        {props.question.options.map((option, i) => (
          <label key={i} className="choice">
            <input type="radio" name="choice" checked={choice === i} onChange={() => setChoice(i)} />
            {option}
          </label>
        ))}
      </fieldset>
      <Actions busy={busy} error={error} />
    </form>
  );
}

export function FileAnswer(props: TProps) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { busy, error, setError, submit } = useSubmit(props);
  const abort = useRef<AbortController | null>(null);
  const id = useId();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!file) return setError(interviewMessages.fileMissing);
        const contentType = answerFileType(file);
        if (!contentType) return setError(interviewMessages.fileWrongType);
        if (file.size > INTERVIEW_LIMITS.fileMaxBytes) return setError(interviewMessages.fileTooLarge);
        abort.current = new AbortController();
        void submit(async () => ({
          file: await uploadAnswerFile({
            token: props.token,
            questionId: props.question._id,
            file,
            contentType,
            onProgress: setProgress,
            signal: abort.current!.signal,
          }),
        }));
      }}
    >
      <div className="field">
        <label htmlFor={id}>Your file (PDF, Word document or image, up to 10 MB)</label>
        <input
          id={id}
          className="file-input"
          type="file"
          accept=".pdf,.docx,image/jpeg,image/png,image/webp"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        {progress !== null && busy && <progress className="progress" max={100} value={progress} />}
      </div>
      <Actions busy={busy} error={error} />
    </form>
  );
}
