// Issue 33 item 2: back on a video question whose preparation is over, recording waits for the candidate.

/** What happened while the candidate was not watching, and what is left: recording waits for them. */
export function PrepEnded({
  number,
  takesUsed,
  takesLeft,
  away,
}: {
  number: number;
  takesUsed: number;
  takesLeft: number | null;
  away: boolean;
}) {
  const plural = (n: number) => `${n} take${n === 1 ? '' : 's'}`;
  return (
    <section className="prep-ended" aria-labelledby="prep-ended-title">
      <h2 id="prep-ended-title">Your preparation time has ended</h2>
      <p>
        {away
          ? `Question ${number}’s preparation time ended while you were away.`
          : 'Nothing is being recorded: you start the recording when you are ready.'}
        {takesUsed === 0
          ? away && ' Nothing was recorded and no take was used.'
          : ` ${takesUsed === 1 ? 'A take' : plural(takesUsed)} did not finish (the page closed while recording) and ${takesUsed === 1 ? 'counts' : 'count'} as used.`}
      </p>
      <p>
        {takesLeft === 0
          ? 'You have no takes left for this question. The team can re-open it for you: reply to your invitation email.'
          : `${takesLeft === null ? 'You have unlimited takes' : `You have ${plural(takesLeft)} left`}. Record now when you are ready: press Start recording and a 3-second countdown starts it.`}
      </p>
    </section>
  );
}
