import { describe, expect, it } from 'vitest';
import type { TTemplateSection } from '@hirecast/domain/video-template';
import { makeTemplate, makeTemplateData } from '../../../../test/template-fixtures.ts';
import {
  clipFromAsset,
  copyTemplate,
  editorReducer,
  newTemplateData,
  withFirstClip,
} from './template-form.ts';
import { jsonToTemplate, templateToJson } from './template-json.ts';
import { addVideoBlocked, canFinalize, validateTemplate } from './template-validation.ts';
import { makeVideo } from '../content-test-utils.tsx';

const kinds = (sections: readonly TTemplateSection[]) => sections.map((s) => s.type);

describe('editor state', () => {
  it('starts a new template from the company brand with the spec defaults', () => {
    const data = newTemplateData('portrait', { primaryColor: '#123456', name: 'Acme' });
    expect(data).toMatchObject({
      type: 'portrait',
      logo: null,
      backgroundColor: '#123456',
      fontFamily: 'Open Sans',
      volume: 0.1,
    });
    expect(kinds(data.sections)).toEqual(['entrance', 'video', 'ending']);
    // the empty clip is the "default one": finalize is refused until a clip is chosen
    const issues = validateTemplate(data);
    expect(Object.values(issues.fields)).toContain("Video can't be empty.");
    expect(canFinalize(issues)).toBe(false);
  });

  it('opens a new template with a library video as its first clip, unless it is over the 60 s', () => {
    const blank = { title: 'My animated video', data: newTemplateData('landscape') };
    const processing = makeVideo({
      _id: 'v9',
      duration: 12,
      data: { ...makeVideo().data, videoUrl: '/files/v9.webm', videoMp4Url: null, videoMp4Url_720p: null },
    });
    const placed = withFirstClip(blank, processing);
    expect(placed.refused).toBeNull();
    const video = placed.state.data.sections.find((s) => s.type === 'video');
    // the clip the picker would put there: still processing, it plays from the original
    expect(video).toMatchObject({ video: clipFromAsset(processing) });
    expect(video).toMatchObject({ video: { assetId: 'v9', url: '/files/v9.webm', transcoded: false } });
    expect(canFinalize(validateTemplate(placed.state.data, placed.state.title))).toBe(true);

    const long = withFirstClip(blank, makeVideo({ duration: 65 }));
    expect(long.refused).toBe('The total duration of all the videos added should not exceed 60 seconds');
    expect(long.state).toBe(blank);
  });

  it('adds videos and transitions before the ending, removes and moves sections', () => {
    let state = { title: 'T', data: makeTemplateData() };
    state = editorReducer(state, { type: 'add', kind: 'video' });
    expect(kinds(state.data.sections)).toEqual(['entrance', 'video', 'transition', 'video', 'ending']);
    state = editorReducer(state, { type: 'add', kind: 'transition' });
    expect(kinds(state.data.sections)).toEqual([
      'entrance',
      'video',
      'transition',
      'video',
      'transition',
      'ending',
    ]);
    const added = state.data.sections[4]!.id;
    state = editorReducer(state, { type: 'remove', id: added });
    state = editorReducer(state, { type: 'move', from: 3, to: 1 });
    expect(kinds(state.data.sections)).toEqual(['entrance', 'video', 'video', 'transition', 'ending']);
    state = editorReducer(state, { type: 'title', title: 'New' });
    expect(state.data.title).toBe('New');
  });

  it('keeps the opening first and the closing last, whatever is moved or added', () => {
    let state = { title: 'T', data: makeTemplateData() };
    state = editorReducer(state, { type: 'add', kind: 'video' });
    const before = kinds(state.data.sections);
    expect(before).toEqual(['entrance', 'video', 'transition', 'video', 'ending']);
    // The opening and the closing do not move, and nothing goes before the one or after the other.
    for (const [from, to] of [
      [0, 2],
      [4, 1],
      [1, 0],
      [3, 4],
    ] as const)
      expect(editorReducer(state, { type: 'move', from, to })).toBe(state);
    expect(kinds(editorReducer(state, { type: 'move', from: 3, to: 1 }).data.sections)).toEqual([
      'entrance',
      'video',
      'video',
      'transition',
      'ending',
    ]);
    // An order from elsewhere (the JSON page) is a problem of the whole template, shown above the form.
    const swapped = { ...state.data, sections: [...state.data.sections].reverse() };
    expect(validateTemplate(swapped).form).toEqual([
      'The closing must stay the last section.',
      'The opening must stay the first section.',
    ]);
    // A section added after the closing lands before it.
    const ending = state.data.sections[4]!.id;
    const added = editorReducer(state, { type: 'add', kind: 'transition', after: ending });
    expect(kinds(added.data.sections).at(-1)).toBe('ending');
  });

  it('shows the spec messages for required fields and blocks a fourth landscape video', () => {
    let state = { title: 'T', data: makeTemplateData() };
    const transition = state.data.sections[2]!;
    const ending = state.data.sections[3]!;
    state = editorReducer(state, { type: 'section', id: transition.id, patch: { heading: ' ' } });
    state = editorReducer(state, { type: 'section', id: ending.id, patch: { text: '' } });
    const issues = validateTemplate(state.data);
    expect(issues.fields[`${transition.id}.heading`]).toBe("Transition heading can't be empty.");
    expect(issues.fields[`${ending.id}.text`]).toBe("Closing call to action can't be empty.");
    expect(addVideoBlocked(state.data)).toBeNull();
    state = editorReducer(state, { type: 'add', kind: 'video' });
    state = editorReducer(state, { type: 'add', kind: 'video' });
    expect(addVideoBlocked(state.data)).toBe(
      "You can't add any more sections, as the videos you added already reached a limit of 3 videos",
    );
  });

  it('turns a library video into a clip (ms) and copies with fresh ids', () => {
    const clip = clipFromAsset(makeVideo({ _id: 'a9', duration: 12.4 }));
    expect(clip).toEqual({ assetId: 'a9', url: '/files/v1-720.mp4', transcoded: true, duration: 12400 });
    const template = makeTemplate({ title: 'Office' });
    const copy = copyTemplate(template, false);
    expect(copy.title).toBe('Copy of Office');
    expect(copy.data.sections.map((s) => s.id)).not.toEqual(template.data.sections.map((s) => s.id));
    expect(copyTemplate(template, true).title).toBe('Office');
  });

  it("starts one made like a sample with the company's logo; a copy of its own keeps its logo", () => {
    const logo = {
      url: 'https://cdn.example/sample-logo.png',
      imageId: '6c1f3b0e-8d2a-4e5b-9f7c-1a2b3c4d5e6f',
    };
    const sample = makeTemplate({ isSample: true, data: makeTemplateData({ logo }) });
    const companyLogo = 'http://localhost:3000/storage/uploads/public/u1/logo.png';
    expect(copyTemplate(sample, true, companyLogo).data.logo).toEqual({ url: companyLogo, imageId: null });
    expect(copyTemplate(sample, true, null).data.logo).toBeNull();
    const own = makeTemplate({ data: makeTemplateData({ logo }) });
    expect(copyTemplate(own, false, companyLogo).data.logo).toEqual(logo);
  });
});

describe('template JSON box', () => {
  it('round-trips aRolls (sections) and bRolls (overlays)', () => {
    const data = makeTemplateData();
    const text = templateToJson(data);
    const shown = JSON.parse(text) as { aRolls: unknown[]; bRolls: unknown[] };
    expect(shown.aRolls).toHaveLength(4);
    expect(shown.bRolls).toEqual([{ sectionId: 's2', title: 'Meet Sam', subtitle: 'Engineer' }]);
    // an overlay edited in bRolls lands on its video section
    const edited = { ...shown, bRolls: [{ sectionId: 's2', title: 'Meet Sam', subtitle: 'Lead engineer' }] };
    const result = jsonToTemplate(JSON.stringify(edited));
    expect(result.ok && result.data.sections[1]).toMatchObject({ subtitle: 'Lead engineer' });
  });

  it("says 'Invalid JSON', or what is wrong with the template", () => {
    expect(jsonToTemplate('{ "aRolls": [')).toEqual({ ok: false, kind: 'json', message: 'Invalid JSON' });
    const wrongFont = templateToJson({ ...makeTemplateData(), fontFamily: 'Comic Sans' as 'Roboto' });
    const result = jsonToTemplate(wrongFont);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.kind).toBe('template');
    expect(!result.ok && result.message).toMatch(/^fontFamily: /);
  });
});
