import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import { DIMENSIONS, type TDimension } from '@hirecast/domain/asset';
import { normalizeTemplateData } from '@hirecast/domain/video-template-rules';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { ErrorIllustration } from '../../../components/illustrations.tsx';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { NotFoundContent } from '../../../components/not-found-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCompany } from '../../../lib/company.ts';
import { session } from '../../../lib/session.ts';
import { useVideoAsset } from '../api/get-video-asset.ts';
import { useVideoTemplate } from '../api/get-video-template.ts';
import { TemplateEditor } from '../components/editor/template-editor.tsx';
import {
  copyTemplate,
  newTemplateData,
  withFirstClip,
  type TEditorState,
} from '../components/editor/template-form.ts';
import { useAssetPermissions } from '../components/use-asset-permissions.ts';

const CLIP_MISSING = 'We could not add your video to this animated video. Choose a clip from the library.';

const CREATE_ACTIONS = { 'create-landscape': 'landscape', 'create-portrait': 'portrait' } as const;
type TAction = 'create-landscape' | 'create-portrait' | 'edit' | 'copy' | 'create';

const isAction = (value: string | undefined): value is TAction =>
  value === 'edit' || value === 'copy' || value === 'create' || (value ?? '') in CREATE_ACTIONS;

/** A stored template as the editor's state (legacy fixed-field data converted to sections, spec 3 §3). */
const stateOf = (t: TVideoTemplate): TEditorState => ({
  title: t.title,
  data: { ...normalizeTemplateData(t.data), title: t.title },
});

// Opened from the recorder's Animate (?clip=<asset id>), the new template starts with that video as its first
// clip, placed as the clip picker places one (a clip still being processed plays from its original meanwhile).
function NewTemplate({ type, clipId }: { type: TDimension; clipId: string | null }) {
  const company = useCompany(session.getCompanyId());
  const clip = useVideoAsset(clipId);
  if (company.isPending && session.getCompanyId()) return <PageLoader />;
  if (clipId && clip.isPending) return <PageLoader />;
  const brand = company.data ? { primaryColor: company.data.primaryColor, name: company.data.name } : {};
  const blank = { title: 'My animated video', data: newTemplateData(type, brand) };
  const { state, refused } = clip.data
    ? withFirstClip(blank, clip.data)
    : { state: blank, refused: clipId ? CLIP_MISSING : null };
  return (
    <TemplateEditor key={`${type}:${clipId ?? ''}`} initial={state} notice={refused} templateId={null} />
  );
}

// spec 3 §6: a viewer edits only the templates they own; they may still make one like it.
function NotYours({ id }: { id: string }) {
  return (
    <MessagePanel
      illustration={<ErrorIllustration />}
      title="You can only edit your own animated videos"
      actions={
        <>
          <Button variant="contained" component={RouterLink} to={`/content/copy/${id}`}>
            Make one like this
          </Button>
          <Button variant="outlined" component={RouterLink} to="/content?tab=animated">
            Back to Videos
          </Button>
        </>
      }
    >
      Someone else in your team made this video. Make a copy to change it.
    </MessagePanel>
  );
}

function StoredTemplate({ id, action }: { id: string; action: 'edit' | 'copy' | 'create' }) {
  const query = useVideoTemplate(id);
  const permissions = useAssetPermissions();
  // One made like a sample starts with the company's logo, so the company's is needed before it opens.
  const company = useCompany(session.getCompanyId());
  if (query.isPending) return <PageLoader />;
  if (company.isPending && session.getCompanyId() && (action !== 'edit' || query.data?.isSample))
    return <PageLoader />;
  if (query.isError)
    return (
      <MessagePanel
        illustration={<ErrorIllustration />}
        title="We could not open this video"
        actions={
          <Button variant="contained" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(query.error)}
      </MessagePanel>
    );
  const template = query.data;
  // Editing a sample is making one like it.
  if (action === 'edit' && !template.isSample && !permissions.canChange(template._owner))
    return <NotYours id={id} />;
  if (action === 'edit' && !template.isSample)
    return <TemplateEditor key={`edit:${id}`} initial={stateOf(template)} templateId={id} showErrors />;
  const copy = copyTemplate(
    { ...template, data: normalizeTemplateData(template.data) },
    action === 'create' || template.isSample,
    company.data?.logo ?? null,
  );
  return <TemplateEditor key={`${action}:${id}`} initial={copy} templateId={null} showErrors />;
}

// spec 3 §2 /content/{action}/{id?}: create-landscape, create-portrait (after the format chooser), edit/{id},
// copy/{id} ("make one like this one") and create/{id} ("make one like a sample").
export function Component() {
  const { action, id } = useParams();
  const [searchParams] = useSearchParams();
  if (!isAction(action)) return <NotFoundContent />;
  if (action === 'create-landscape' || action === 'create-portrait') {
    const type = CREATE_ACTIONS[action];
    return (
      <>
        <title>New animated video · Hirecast</title>
        {DIMENSIONS.includes(type) && <NewTemplate type={type} clipId={searchParams.get('clip')} />}
      </>
    );
  }
  if (!id) return <NotFoundContent />;
  return (
    <>
      <title>Animated video · Hirecast</title>
      <StoredTemplate id={id} action={action} />
    </>
  );
}
