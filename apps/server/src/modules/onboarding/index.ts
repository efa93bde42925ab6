// The module's published face: what the composition root and other modules may import.
export { seedDemoMedia } from './demo-media.ts';
export { seedOnboardingVideos } from './seed.ts';
