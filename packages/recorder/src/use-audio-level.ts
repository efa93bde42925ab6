// The microphone's level (0–1) for a level meter: the device check shows the candidate that they are heard.
import { useEffect, useState } from 'react';

export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    // Four readings a second are enough for a meter, and cheap on a phone.
    const timer = window.setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += ((s - 128) / 128) ** 2;
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
    }, 250);
    return () => {
      window.clearInterval(timer);
      source.disconnect();
      void context.close();
      setLevel(0);
    };
  }, [stream]);
  return level;
}
