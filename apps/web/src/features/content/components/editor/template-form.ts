import { playableUrl, type TDimension, type TVideoAsset } from '@hirecast/domain/asset';
import {
  DEFAULT_TEMPLATE_VOLUME,
  TEMPLATE_SOUNDTRACKS,
  type TTemplateClip,
  type TTemplateData,
  type TTemplateSection,
  type TVideoTemplate,
} from '@hirecast/domain/video-template';
import { addClipError, canMoveSection } from '@hirecast/domain/video-template-rules';

// The editor's state: the template's title and data, and pure changes to them (spec 3 §2 Animated video
// editor, §3 Video template). Kept free of React so the rules are tested on their own.

export type TSectionKind = TTemplateSection['type'];
export type TEditorState = { title: string; data: TTemplateData };

let counter = 0;
export const newSectionId = () => `s${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A video section before a clip is chosen: its url is the "default one" the spec forbids at finalize. */
export const emptyClip = (): TTemplateClip => ({ assetId: null, url: '', transcoded: false, duration: 0 });

export function newSection(kind: TSectionKind): TTemplateSection {
  const id = newSectionId();
  switch (kind) {
    case 'entrance':
      return { type: 'entrance', id, text: '' };
    case 'video':
      return { type: 'video', id, video: emptyClip(), title: '', subtitle: '', applySoundtrack: true };
    case 'transition':
      return { type: 'transition', id, heading: '', text: '' };
    case 'ending':
      return { type: 'ending', id, text: '' };
  }
}

/**
 * spec 3 §3 Default new template fields; the colour and the opening text start from the company's. The logo
 * starts empty: the renderer draws a logo uploaded in the editor (an image of the library), not the company's.
 */
export function newTemplateData(
  type: TDimension,
  brand: { primaryColor?: string | null; name?: string } = {},
): TTemplateData {
  return {
    type,
    title: 'My animated video',
    cover: null,
    logo: null,
    backgroundColor: brand.primaryColor || '#1d2b4f',
    textColor: '#ffffff',
    fontFamily: 'Open Sans',
    soundtrack: TEMPLATE_SOUNDTRACKS[0] ?? null,
    volume: DEFAULT_TEMPLATE_VOLUME,
    sections: [
      {
        ...(newSection('entrance') as Extract<TTemplateSection, { type: 'entrance' }>),
        text: brand.name ?? '',
      },
      newSection('video'),
      { ...(newSection('ending') as Extract<TTemplateSection, { type: 'ending' }>), text: 'Apply now' },
    ],
  };
}

/**
 * A copy ("make one like this", a sample): the same data with fresh section ids, unsaved. One made like a
 * sample starts with the company's own logo (`companyLogo`, the company's logo URL) in place of the sample's.
 */
export function copyTemplate(
  template: TVideoTemplate,
  asSample: boolean,
  companyLogo: string | null = null,
): TEditorState {
  const title = asSample ? template.title : `Copy of ${template.title}`.slice(0, 90);
  const logo = asSample ? (companyLogo ? { url: companyLogo, imageId: null } : null) : template.data.logo;
  return {
    title,
    data: {
      ...template.data,
      title,
      logo,
      sections: template.data.sections.map((s) => ({ ...s, id: newSectionId() })),
    },
  };
}

/** A library video as a clip: the renderer reads it through its asset; the browser plays its best rendition. */
export const clipFromAsset = (asset: TVideoAsset): TTemplateClip => ({
  assetId: asset._id,
  url: playableUrl(asset) ?? '',
  transcoded: Boolean(asset.data.videoMp4Url_720p || asset.data.videoMp4Url),
  duration: Math.max(0, Math.round((asset.duration ?? 0) * 1000)),
  ...(asset._question ? { question: asset._question.slice(0, 90) } : {}),
});

/**
 * A new template opening with a library video as its first clip (the recorder's Animate): the clip goes into
 * the first video section as the clip picker puts a pick there, unless it is over the 60 s of video (spec 3
 * §5), then the section stays empty and the reason is answered.
 */
export function withFirstClip(
  state: TEditorState,
  asset: TVideoAsset,
): { state: TEditorState; refused: string | null } {
  const section = state.data.sections.find((s) => s.type === 'video');
  if (!section) return { state, refused: null };
  const clip = clipFromAsset(asset);
  const refused = addClipError(state.data, clip.duration, section.id);
  if (refused) return { state, refused };
  return {
    state: editorReducer(state, { type: 'section', id: section.id, patch: { video: clip } }),
    refused: null,
  };
}

export type TEditorAction =
  | { type: 'reset'; state: TEditorState }
  | { type: 'title'; title: string }
  | { type: 'data'; patch: Partial<Omit<TTemplateData, 'sections'>> }
  | { type: 'section'; id: string; patch: Partial<TTemplateSection> }
  | { type: 'add'; kind: TSectionKind; after?: string }
  | { type: 'remove'; id: string }
  | { type: 'move'; from: number; to: number }
  | { type: 'replace-data'; data: TTemplateData };

const moved = <T>(list: readonly T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/**
 * Where a new section goes: an entrance first, an ending last, anything else after `after` (or before the
 * ending), never before the opening nor after the closing.
 */
function insertAt(sections: readonly TTemplateSection[], kind: TSectionKind, after?: string) {
  if (kind === 'entrance') return 0;
  if (kind === 'ending') return sections.length;
  const first = sections[0]?.type === 'entrance' ? 1 : 0;
  const ending = sections.findIndex((s) => s.type === 'ending');
  const last = ending >= 0 ? ending : sections.length;
  const i = after ? sections.findIndex((s) => s.id === after) : -1;
  return i >= 0 ? Math.min(Math.max(i + 1, first), last) : last;
}

export function editorReducer(state: TEditorState, action: TEditorAction): TEditorState {
  const sections = state.data.sections;
  switch (action.type) {
    case 'reset':
      return action.state;
    case 'title':
      return { title: action.title, data: { ...state.data, title: action.title } };
    case 'data':
      return { ...state, data: { ...state.data, ...action.patch } };
    case 'replace-data':
      return { title: action.data.title, data: action.data };
    case 'section':
      return {
        ...state,
        data: {
          ...state.data,
          sections: sections.map((s) =>
            s.id === action.id ? ({ ...s, ...action.patch } as TTemplateSection) : s,
          ),
        },
      };
    case 'add': {
      const at = insertAt(sections, action.kind, action.after);
      const next = [...sections];
      next.splice(at, 0, newSection(action.kind));
      return { ...state, data: { ...state.data, sections: next } };
    }
    case 'remove':
      return { ...state, data: { ...state.data, sections: sections.filter((s) => s.id !== action.id) } };
    case 'move':
      // The opening stays first and the closing last (issue 23 item 8; the API refuses any other order).
      if (!canMoveSection(sections, action.from, action.to)) return state;
      return { ...state, data: { ...state.data, sections: moved(sections, action.from, action.to) } };
  }
}

export const sectionKindLabel: Record<TSectionKind, string> = {
  entrance: 'Opening',
  video: 'Video',
  transition: 'Transition',
  ending: 'Closing',
};
