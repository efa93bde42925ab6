/** What to do when the camera or the microphone was refused. */
export function CameraDenied({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="recorder-message" role="alert">
      <p>
        <strong>We cannot use your camera.</strong> Your browser blocked the camera or the microphone for this
        site.
      </p>
      <ol className="instructions">
        <li>Select the camera or padlock icon in the address bar.</li>
        <li>Allow the camera and the microphone for this site.</li>
        <li>Select Try again below (you may need to reload the page).</li>
      </ol>
      <p>On a phone, you may need to allow the camera for your browser in the phone’s settings.</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
