import { describe, expect, it } from 'vitest';
import { ZTemplateData, type TTemplateData, type TTemplateSection } from '../src/video-template.ts';
import {
  addClipError,
  addSectionError,
  canMoveSection,
  formatPlaybackTime,
  isDefaultVideoUrl,
  legacyTemplateToSections,
  normalizeTemplateData,
  sectionOrderErrors,
  TEMPLATE_CARD_TABLE,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  templateCardRules,
  templateErrorsByField,
  templateStatusLabel,
  totalVideoMs,
  validateTemplateForFinalize,
  validateTemplateForSave,
} from '../src/video-template-rules.ts';

const video = (id: string, duration: number, url = `https://cdn.example/${id}.mp4`): TTemplateSection => ({
  type: 'video',
  id,
  video: { assetId: null, url, transcoded: true, duration },
  title: 'Meet the team',
  subtitle: 'Engineering',
  applySoundtrack: true,
});

const template = (
  sections: TTemplateSection[],
  type: 'landscape' | 'portrait' = 'landscape',
): TTemplateData => ({
  type,
  title: 'Our team',
  cover: null,
  logo: null,
  backgroundColor: '#ffffff',
  textColor: '#000000',
  fontFamily: 'Open Sans',
  soundtrack: 'soundtrack-1',
  volume: 0.1,
  sections,
});

const complete = () =>
  template([
    { type: 'entrance', id: 'e', text: 'We build robots' },
    video('v1', 20_000),
    { type: 'transition', id: 't', heading: 'Culture', text: 'We learn together' },
    video('v2', 20_000),
    { type: 'ending', id: 'x', text: 'Apply now' },
  ]);

const messages = (errors: { message: string }[]) => errors.map((e) => e.message);

describe('spec 3 §5 limits', () => {
  it('has the spec figures', () => {
    expect(TEMPLATE_LIMITS.maxTotalVideoSeconds).toBe(60);
    expect(TEMPLATE_LIMITS.maxVideos).toEqual({ landscape: 3, portrait: 15 });
    expect(TEMPLATE_LIMITS.text).toEqual({
      title: 90,
      entranceText: 128,
      videoTitle: 90,
      videoSubtitle: 60,
      transitionHeading: 30,
      transitionText: 128,
      endingText: 90,
    });
    expect(TEMPLATE_LIMITS.volume).toEqual({ min: 0, max: 1, step: 0.01 });
  });

  it('has the spec messages', () => {
    expect(TEMPLATE_MESSAGES.totalDuration).toBe(
      'The total duration of all the videos added should not exceed 60 seconds',
    );
    expect(TEMPLATE_MESSAGES.sectionsDurationLimit).toBe(
      "You can't add any more sections, as the videos you added already reached a limit of 60 seconds",
    );
    expect(TEMPLATE_MESSAGES.sectionsCountLimit('landscape')).toBe(
      "You can't add any more sections, as the videos you added already reached a limit of 3 videos",
    );
    expect(TEMPLATE_MESSAGES.transitionHeadingEmpty).toBe("Transition heading can't be empty.");
    expect(TEMPLATE_MESSAGES.endingTextEmpty).toBe("Closing call to action can't be empty.");
    expect(TEMPLATE_MESSAGES.invalidJson).toBe('Invalid JSON');
    expect(TEMPLATE_MESSAGES.playerError).toBe('VideoPlayer template error');
  });

  it('a complete template passes save and finalize', () => {
    expect(validateTemplateForSave(complete())).toEqual([]);
    expect(validateTemplateForFinalize(complete())).toEqual([]);
  });

  it.each([
    [
      'title',
      (d: TTemplateData) => ({ ...d, title: 'x'.repeat(91) }),
      'title',
      'Title must be at most 90 characters',
    ],
    [
      'company bio (entrance text)',
      (d: TTemplateData) => ({
        ...d,
        sections: [{ type: 'entrance' as const, id: 'e', text: 'x'.repeat(129) }],
      }),
      'sections.0.text',
      'Company bio must be at most 128 characters',
    ],
    [
      'caption (video title)',
      (d: TTemplateData) => ({
        ...d,
        sections: [{ ...(video('v', 1000) as object), title: 'x'.repeat(91) }],
      }),
      'sections.0.title',
      'Caption must be at most 90 characters',
    ],
    [
      'sub-heading (video subtitle)',
      (d: TTemplateData) => ({
        ...d,
        sections: [{ ...(video('v', 1000) as object), subtitle: 'x'.repeat(61) }],
      }),
      'sections.0.subtitle',
      'Sub-heading must be at most 60 characters',
    ],
    [
      'transition heading',
      (d: TTemplateData) => ({
        ...d,
        sections: [{ type: 'transition' as const, id: 't', heading: 'x'.repeat(31), text: '' }],
      }),
      'sections.0.heading',
      'Transition heading must be at most 30 characters',
    ],
    [
      'transition text',
      (d: TTemplateData) => ({
        ...d,
        sections: [{ type: 'transition' as const, id: 't', heading: 'Hi', text: 'x'.repeat(129) }],
      }),
      'sections.0.text',
      'Transition text must be at most 128 characters',
    ],
    [
      'closing call to action (ending text)',
      (d: TTemplateData) => ({
        ...d,
        sections: [{ type: 'ending' as const, id: 'x', text: 'x'.repeat(91) }],
      }),
      'sections.0.text',
      'Closing call to action must be at most 90 characters',
    ],
  ])(
    'refuses a %s one character over its limit, and accepts it at the limit',
    (_, change, field, message) => {
      const over = change(complete()) as TTemplateData;
      expect(validateTemplateForSave(over)).toEqual([{ field, message }]);
      const atLimit = JSON.parse(JSON.stringify(over).replace(/x{2,}/, (m) => m.slice(1))) as TTemplateData;
      expect(validateTemplateForSave(atLimit)).toEqual([]);
    },
  );

  it('refuses videos over 60 s in all, and accepts exactly 60 s', () => {
    const at60 = template([video('a', 20_000), video('b', 20_000), video('c', 20_000)]);
    expect(totalVideoMs(at60)).toBe(60_000);
    expect(validateTemplateForSave(at60)).toEqual([]);
    const over = template([video('a', 20_000), video('b', 20_000), video('c', 20_001)]);
    expect(validateTemplateForSave(over)).toEqual([
      { field: 'sections', message: TEMPLATE_MESSAGES.totalDuration },
    ]);
  });

  it('allows 3 videos in landscape and 15 in portrait', () => {
    const four = [1, 2, 3, 4].map((i) => video(`v${i}`, 1000));
    expect(messages(validateTemplateForSave(template(four.slice(0, 3))))).toEqual([]);
    expect(messages(validateTemplateForSave(template(four)))).toEqual([
      TEMPLATE_MESSAGES.tooManyVideos('landscape'),
    ]);
    const sixteen = Array.from({ length: 16 }, (_, i) => video(`v${i}`, 1000));
    expect(messages(validateTemplateForSave(template(sixteen.slice(0, 15), 'portrait')))).toEqual([]);
    expect(messages(validateTemplateForSave(template(sixteen, 'portrait')))).toEqual([
      'A portrait video can have at most 15 videos',
    ]);
  });

  it('tells the editor when no more videos can be added, and why', () => {
    const two = template([video('a', 10_000), video('b', 10_000)]);
    expect(addSectionError('landscape', two, 'video')).toBeNull();
    const three = template([video('a', 10_000), video('b', 10_000), video('c', 10_000)]);
    expect(addSectionError('landscape', three, 'video')).toBe(
      TEMPLATE_MESSAGES.sectionsCountLimit('landscape'),
    );
    expect(addSectionError('portrait', three, 'video')).toBeNull();
    expect(addSectionError('landscape', three, 'transition')).toBeNull();
    const full = template([video('a', 30_000), video('b', 30_000)], 'portrait');
    expect(addSectionError('portrait', full, 'video')).toBe(TEMPLATE_MESSAGES.sectionsDurationLimit);
  });

  it('tells the editor when a clip would take the total over 60 s', () => {
    const two = template([video('a', 25_000), video('b', 25_000)]);
    expect(addClipError(two, 10_000)).toBeNull();
    expect(addClipError(two, 10_001)).toBe(TEMPLATE_MESSAGES.totalDuration);
    // replacing b's clip: only a counts
    expect(addClipError(two, 35_000, 'b')).toBeNull();
  });

  it('lets a draft keep empty required fields, and finalize refuse them with their messages', () => {
    const draft = template([
      { type: 'entrance', id: 'e', text: '' },
      video('v1', 0, ''),
      { type: 'transition', id: 't', heading: '  ', text: '' },
      { type: 'ending', id: 'x', text: '' },
    ]);
    expect(validateTemplateForSave(draft)).toEqual([]);
    expect(validateTemplateForFinalize(draft)).toEqual([
      { field: 'sections.1.video', message: "Video can't be empty." },
      { field: 'sections.2.heading', message: "Transition heading can't be empty." },
      { field: 'sections.3.text', message: "Closing call to action can't be empty." },
    ]);
  });

  it('finalize needs at least one video, and not a default one', () => {
    expect(
      messages(validateTemplateForFinalize(template([{ type: 'ending', id: 'x', text: 'Go' }]))),
    ).toEqual([TEMPLATE_MESSAGES.noVideos]);
    expect(isDefaultVideoUrl('')).toBe(true);
    expect(isDefaultVideoUrl('https://cdn.example/default/video.mp4')).toBe(true);
    expect(isDefaultVideoUrl('/samples/default-video.mp4')).toBe(true);
    expect(isDefaultVideoUrl('https://cdn.example/defaults-team.mp4')).toBe(false);
    expect(isDefaultVideoUrl('https://cdn.example/uploads/a.mp4')).toBe(false);
  });

  it('gives the first message per field for forms', () => {
    expect(
      templateErrorsByField([
        { field: 'sections', message: 'one' },
        { field: 'sections', message: 'two' },
        { field: 'title', message: 'three' },
      ]),
    ).toEqual({ sections: 'one', title: 'three' });
  });
});

describe('spec 3 §3 legacy templates', () => {
  const clip = { assetId: null, url: 'https://cdn.example/a.mp4', transcoded: true, duration: 12_000 };

  it('turns the fixed fields into sections in their order', () => {
    const data = legacyTemplateToSections({
      type: 'landscape',
      title: 'Old one',
      fontFamily: 'Roboto',
      entrance: { text: 'Welcome' },
      firstVideo: { video: clip, title: 'First', subtitle: 'Sub', applySoundtrack: false },
      transition: { heading: 'Then', text: 'More' },
      secondVideo: { video: { ...clip, url: 'https://cdn.example/b.mp4' } },
      ending: { text: 'Apply' },
    });
    expect(data.sections).toEqual([
      { type: 'entrance', id: 'entrance', text: 'Welcome' },
      { type: 'video', id: 'video-1', video: clip, title: 'First', subtitle: 'Sub', applySoundtrack: false },
      { type: 'transition', id: 'transition-1', heading: 'Then', text: 'More' },
      {
        type: 'video',
        id: 'video-2',
        video: { ...clip, url: 'https://cdn.example/b.mp4' },
        title: '',
        subtitle: '',
        applySoundtrack: true,
      },
      { type: 'ending', id: 'ending', text: 'Apply' },
    ]);
    expect(data.fontFamily).toBe('Roboto');
    expect(data.volume).toBe(0.1);
    expect(ZTemplateData.safeParse(data).success).toBe(true);
  });

  it('leaves out the fixed fields that are missing, and falls back to Open Sans for an unknown font', () => {
    const data = legacyTemplateToSections({
      type: 'portrait',
      fontFamily: 'Comic Sans' as never,
      ending: { text: 'Bye' },
    });
    expect(data.sections.map((s) => s.id)).toEqual(['ending']);
    expect(data.fontFamily).toBe('Open Sans');
  });

  it('normalizeTemplateData passes current data through and converts legacy data', () => {
    const current = complete();
    expect(normalizeTemplateData(current)).toEqual(current);
    expect(normalizeTemplateData({ type: 'landscape', entrance: { text: 'Hi' } }).sections).toEqual([
      { type: 'entrance', id: 'entrance', text: 'Hi' },
    ]);
    expect(() => normalizeTemplateData({ sections: 'nope' })).toThrow();
    expect(() => normalizeTemplateData(null)).toThrow();
  });
});

describe('spec 3 §4 template status labels and card rules', () => {
  it('labels every status as the spec says', () => {
    expect(
      [
        'rendered',
        'prepared',
        'rendering',
        'preparing',
        'open',
        'closed',
        'posted',
        'draft',
        'error',
        'new',
      ].map(templateStatusLabel),
    ).toEqual([
      'ready',
      'ready',
      'processing',
      'processing',
      'published',
      'unpublished',
      'posted',
      'draft',
      'error',
      'new',
    ]);
  });

  it('has the clickability table', () => {
    const row = (s: keyof typeof TEMPLATE_CARD_TABLE) => {
      const r = TEMPLATE_CARD_TABLE[s];
      return [r.label, r.clickable, r.clickOpens, r.canView, r.canEdit, r.canDelete, r.showAnalytics];
    };
    //                          label         click  opens   view   edit   delete analytics
    expect(row('draft')).toEqual(['draft', true, 'edit', false, true, true, true]);
    expect(row('prepared')).toEqual(['ready', true, 'edit', false, true, true, true]);
    expect(row('preparing')).toEqual(['processing', false, null, false, false, false, false]);
    expect(row('rendering')).toEqual(['processing', false, null, false, false, false, false]);
    expect(row('rendered')).toEqual(['ready', true, 'view', true, true, true, true]);
    expect(row('error')).toEqual(['error', false, null, false, false, true, true]);
  });

  it('opens the view for a sample, unless it is not clickable', () => {
    expect(templateCardRules('draft', true).clickOpens).toBe('view');
    expect(templateCardRules('rendered', true).clickOpens).toBe('view');
    expect(templateCardRules('rendering', true).clickOpens).toBeNull();
  });
});

describe('the opening first and the closing last (issue 23 item 8)', () => {
  const kinds = (...types: TTemplateSection['type'][]) => types.map((type) => ({ type }));
  it('finds an opening that is not first and a closing that is not last', () => {
    expect(sectionOrderErrors(kinds('entrance', 'video', 'transition', 'video', 'ending'))).toEqual([]);
    expect(sectionOrderErrors(kinds('video', 'transition'))).toEqual([]);
    expect(sectionOrderErrors(kinds('video', 'entrance', 'ending'))).toEqual([
      { field: 'sections', message: TEMPLATE_MESSAGES.openingFirst },
    ]);
    expect(sectionOrderErrors(kinds('entrance', 'ending', 'transition'))).toEqual([
      { field: 'sections', message: TEMPLATE_MESSAGES.closingLast },
    ]);
    // Two openings: the second is not first.
    expect(sectionOrderErrors(kinds('entrance', 'entrance', 'ending'))).toHaveLength(1);
  });

  it('lets the middle sections move among themselves only', () => {
    const list = kinds('entrance', 'video', 'transition', 'video', 'ending');
    expect(canMoveSection(list, 1, 3)).toBe(true);
    expect(canMoveSection(list, 3, 1)).toBe(true);
    expect(canMoveSection(list, 1, 0)).toBe(false);
    expect(canMoveSection(list, 3, 4)).toBe(false);
    expect(canMoveSection(list, 0, 2)).toBe(false);
    expect(canMoveSection(list, 4, 1)).toBe(false);
    expect(canMoveSection(list, 2, 2)).toBe(true);
    // Without an opening or a closing, anything moves.
    expect(canMoveSection(kinds('video', 'transition', 'video'), 0, 2)).toBe(true);
  });

  it('is a save rule', () => {
    const data = template([video('v', 1000), { type: 'entrance', id: 'e', text: 'Hi' }]);
    expect(validateTemplateForSave(data).map((e) => e.message)).toContain(TEMPLATE_MESSAGES.openingFirst);
  });
});

describe('formatPlaybackTime (issue 23 item 8: one rounding for the editor, the cards and the player)', () => {
  it('counts whole seconds down, as the browser video controls do', () => {
    expect(formatPlaybackTime(0)).toBe('0:00');
    expect(formatPlaybackTime(999)).toBe('0:00');
    expect(formatPlaybackTime(1000)).toBe('0:01');
    expect(formatPlaybackTime(20_500)).toBe('0:20');
    expect(formatPlaybackTime(20_999)).toBe('0:20');
    expect(formatPlaybackTime(65_000)).toBe('1:05');
    expect(formatPlaybackTime(3_725_000)).toBe('1:02:05');
  });
  it('is null for an unknown duration', () => {
    expect(formatPlaybackTime(null)).toBeNull();
    expect(formatPlaybackTime(undefined)).toBeNull();
    expect(formatPlaybackTime(Number.NaN)).toBeNull();
    expect(formatPlaybackTime(-1)).toBeNull();
  });
});
