import { ZStoryFields, type TStory } from '@hirecast/domain/company-page';
import { companyPageMessages, storySlugFromName } from '@hirecast/domain/company-page-rules';
import { deltaHasText, type TDelta } from '@hirecast/domain/job';

// The employee story dialog's values (spec 3 §5 Employee story), as the form holds them.
export type TStoryForm = {
  name: string;
  slug: string;
  title: string;
  quoteText: string;
  _video: string | null;
  text: TDelta | null;
};
export type TStoryFormErrors = Partial<Record<keyof TStoryForm, string>>;

export const EMPTY_STORY_FORM: TStoryForm = {
  name: '',
  slug: '',
  title: '',
  quoteText: '',
  _video: null,
  text: null,
};

export const storyToForm = (story: TStory): TStoryForm => ({
  name: story._person.name,
  slug: story.slug,
  title: story.title,
  quoteText: story.quoteText,
  _video: story._video,
  text: deltaHasText(story.text) ? story.text : null,
});

/** An editor emptied by hand holds a lone newline: that is no text. */
const normalText = (text: TDelta | null) => (deltaHasText(text) ? JSON.stringify(text?.ops) : '');

export const isStoryFormDirty = (initial: TStoryForm, current: TStoryForm) =>
  initial.name !== current.name ||
  initial.slug !== current.slug ||
  initial.title !== current.title ||
  initial.quoteText !== current.quoteText ||
  initial._video !== current._video ||
  normalText(initial.text) !== normalText(current.text);

/** While typing: a slug with anything but lowercase letters, digits and hyphens gets the short hint. */
export const slugHint = (slug: string) =>
  slug !== '' && !/^[a-z0-9-]*$/.test(slug) ? companyPageMessages.slugInvalidShort : null;

/** The slug a new story gets while the admin has not typed one: made from the name. */
export const suggestedSlug = (name: string) => (name.trim() ? storySlugFromName(name) : '');

/** Checks the form with the domain's rules; answers the body to send, or the message of each wrong field. */
export function checkStoryForm(
  form: TStoryForm,
): { ok: true; body: ReturnType<typeof ZStoryFields.parse> } | { ok: false; errors: TStoryFormErrors } {
  const parsed = ZStoryFields.safeParse({
    ...form,
    _video: form._video ?? undefined,
    text: deltaHasText(form.text) ? form.text : null,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: TStoryFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof TStoryForm;
    if (!errors[key]) errors[key] = key === '_video' ? companyPageMessages.required : issue.message;
  }
  return { ok: false, errors };
}
