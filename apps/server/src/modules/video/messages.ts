// Server-side messages of the animated videos API. The spec gives the user-facing ones (§5 limits come from
// @hirecast/domain); these cover what the spec leaves unsaid.
export const videoMessages = {
  notFound: 'Video not found',
  notOwner: 'You can only change videos you own',
  sampleReadOnly: 'Sample videos cannot be changed. Make one like this instead.',
  busy: 'This video is being rendered. Please wait until it is ready.',
  /** spec 3 §8 "Template rendering": 'VideoPlayer template error' plus the message. */
  renderError: (reason: string) => `VideoPlayer template error: ${reason}`,
  clipForeign: 'A clip of this video is not in your library',
} as const;
