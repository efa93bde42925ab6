import { DEFAULT_PRIMARY_COLOR, type TPrefers } from '@hirecast/domain/constants';
import { session } from '../../../lib/session.ts';

// spec 1 §1: the panel headline follows the stored 'prefers' choice.
const HEADLINES: Record<TPrefers | 'default', { title: string; text: string }> = {
  applications: {
    title: 'Hire faster with video applications',
    text: 'Meet every candidate before the first interview: short video introductions, screened and ranked for you.',
  },
  posts: {
    title: 'Stand out with video job posts',
    text: 'Show the team, the place and the work. Video job posts bring in more of the right applicants.',
  },
  default: {
    title: 'Employee Video Platform',
    text: 'Video job posts and video applications in one place, for teams that hire people, not CVs.',
  },
};

export function AuthIllustration() {
  const headline = HEADLINES[session.getPrefers() ?? 'default'];
  return (
    <div className="hc-illustration">
      <VideoHiringArt />
      <div className="hc-illustration__text">
        <p className="hc-illustration__title">{headline.title}</p>
        <p className="hc-illustration__body">{headline.text}</p>
      </div>
    </div>
  );
}

// A video call card with a play button and three candidate tiles; drawn in white tints over the panel colour.
function VideoHiringArt() {
  // The theme's primary colour (lib/theme.ts).
  const ink = DEFAULT_PRIMARY_COLOR;
  return (
    <svg viewBox="0 0 400 300" className="hc-illustration__art" aria-hidden="true">
      <rect x="40" y="30" width="260" height="170" rx="16" fill="#fff" fillOpacity="0.14" />
      <rect x="56" y="46" width="228" height="120" rx="10" fill="#fff" fillOpacity="0.9" />
      <circle cx="170" cy="106" r="28" fill={ink} fillOpacity="0.15" />
      <path d="M160 90 L186 106 L160 122 Z" fill={ink} />
      <circle cx="110" cy="150" r="10" fill={ink} fillOpacity="0.25" />
      <rect x="76" y="160" width="68" height="6" rx="3" fill={ink} fillOpacity="0.25" />
      <rect x="56" y="178" width="150" height="8" rx="4" fill="#fff" fillOpacity="0.6" />
      <rect x="214" y="178" width="70" height="8" rx="4" fill="#fff" fillOpacity="0.35" />
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(${250 + (i % 2) * 20}, ${70 + i * 66})`}>
          <rect width="110" height="56" rx="12" fill="#fff" />
          <circle cx="28" cy="28" r="16" fill={ink} fillOpacity={0.3 + i * 0.2} />
          <circle cx="28" cy="23" r="6" fill="#fff" />
          <path d="M17 38 a11 9 0 0 1 22 0 Z" fill="#fff" />
          <rect x="52" y="18" width="44" height="7" rx="3.5" fill={ink} fillOpacity="0.55" />
          <rect x="52" y="31" width="30" height="6" rx="3" fill={ink} fillOpacity="0.25" />
        </g>
      ))}
      <g transform="translate(60, 228)">
        <rect width="170" height="44" rx="22" fill="#fff" fillOpacity="0.14" />
        <circle cx="22" cy="22" r="12" fill="#fff" />
        <path d="M16 22 l4 4 l8 -8" stroke={ink} strokeWidth="3" fill="none" strokeLinecap="round" />
        <rect x="44" y="18" width="106" height="8" rx="4" fill="#fff" fillOpacity="0.7" />
      </g>
    </svg>
  );
}
