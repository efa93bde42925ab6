import type { TCandidateTake } from '@hirecast/domain/interview';
import { formatSeconds } from '@hirecast/recorder/machine';

/** Every saved take, to watch; the chosen one is sent. */
export function TakeChooser({
  takes,
  localUrls,
  chosen,
  onChoose,
}: {
  takes: TCandidateTake[];
  localUrls: Record<string, string>;
  chosen: string | null;
  onChoose: (id: string) => void;
}) {
  const current = takes.find((t) => t._id === chosen) ?? takes.at(-1);
  const url = current ? (localUrls[current._id] ?? current.url) : null;
  return (
    <div className="takes">
      {url ? (
        <video
          key={url}
          className="recorder-video"
          src={url}
          controls
          playsInline
          aria-label={`Take ${current?.n ?? ''}`}
        />
      ) : (
        <p className="recorder-message">Your take is saved. It can be watched once it has been processed.</p>
      )}
      <fieldset className="take-list">
        <legend>Choose the take to send</legend>
        {takes.map((t) => (
          <label key={t._id} className="checkbox">
            <input type="radio" name="take" checked={t._id === chosen} onChange={() => onChoose(t._id)} />
            Take {t.n}
            {t.duration ? ` (${formatSeconds(t.duration)})` : ''}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
