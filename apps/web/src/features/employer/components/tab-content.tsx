import { lazy, Suspense, useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddAlt from '@mui/icons-material/PersonAddAltOutlined';
import type { TCompanyPage, TSortedBlock, TStory } from '@hirecast/domain/company-page';
import type { TPageType } from '@hirecast/domain/company-page-rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAddPageAsset } from '../api/add-page-asset.ts';
import { useCreateDynamicElement } from '../api/create-dynamic-element.ts';
import { useCreateQuote } from '../api/create-quote.ts';
import { useCreateTextArea } from '../api/create-text-area.ts';
import { useDeleteDynamicElement } from '../api/delete-dynamic-element.ts';
import { useDeletePageAsset } from '../api/delete-page-asset.ts';
import { useDeleteQuote } from '../api/delete-quote.ts';
import { useDeleteStory } from '../api/delete-story.ts';
import { useDeleteTextArea } from '../api/delete-text-area.ts';
import { useUpdateCompanyPage } from '../api/update-company-page.ts';
import { useUpdateQuote } from '../api/update-quote.ts';
import { useUpdateTextArea } from '../api/update-text-area.ts';
import { AddBlockMenu, type TAddChoice } from './add-block-menu.tsx';
import { blockLabel } from './block-label.ts';
import { BlockView, type TBlockActions } from './block-view.tsx';
import { BlockList } from './block-list.tsx';
import { QuoteCard } from './blocks/quote-card.tsx';
import { TextCard } from './blocks/text-card.tsx';
import { StoryDialog } from './story-dialog.tsx';

const MediaChooserDialog = lazy(async () => ({
  default: (await import('../../../components/media/media-chooser-dialog.tsx')).MediaChooserDialog,
}));

type TChooser = 'IMAGE_ASSET' | 'VIDEO_ASSET' | 'PROMO_ASSET';
const CHOOSER_KINDS = {
  IMAGE_ASSET: ['image'],
  VIDEO_ASSET: ['video'],
  PROMO_ASSET: ['image', 'video'],
} as const;

const toastError = (err: unknown) => toast.error(errorMessage(err));

// One tab of the career page in edit mode: its cards edited in place, content added from the menu, stories
// through their dialog, removals confirmed.
export function TabContent({ page, pageType }: { page: TCompanyPage; pageType: TPageType }) {
  const blocks = page.pages[pageType].sortedBlocks;
  const pageId = page._id;
  const [draft, setDraft] = useState<'TEXT_AREA' | 'QUOTE' | null>(null);
  const [chooser, setChooser] = useState<TChooser | null>(null);
  const [storyDialog, setStoryDialog] = useState<{ story: TStory | null } | null>(null);
  const [removing, setRemoving] = useState<TSortedBlock | null>(null);

  const updatePage = useUpdateCompanyPage();
  const createTextArea = useCreateTextArea();
  const updateTextArea = useUpdateTextArea();
  const deleteTextArea = useDeleteTextArea();
  const createQuote = useCreateQuote();
  const updateQuote = useUpdateQuote();
  const deleteQuote = useDeleteQuote();
  const addAsset = useAddPageAsset();
  const deleteAsset = useDeletePageAsset();
  const createDynamic = useCreateDynamicElement();
  const deleteDynamic = useDeleteDynamicElement();
  const deleteStory = useDeleteStory();

  const withToast = <T,>(promise: Promise<T>) =>
    promise.catch((err: unknown) => {
      toastError(err);
      throw err;
    });

  const actions: TBlockActions = {
    saveTextArea: (textAreaId, body) => withToast(updateTextArea.mutateAsync({ pageId, textAreaId, body })),
    saveQuote: (quoteId, body) => withToast(updateQuote.mutateAsync({ pageId, quoteId, body })),
    saveStats: (stats) => updatePage.mutateAsync({ pageId, body: { stats } }),
    editStory: (block) => setStoryDialog({ story: block.story }),
    remove: setRemoving,
  };

  const confirmRemove = (block: TSortedBlock) => {
    const done = { onError: toastError };
    switch (block.type) {
      case 'TEXT_AREA':
        return deleteTextArea.mutate({ pageId, textAreaId: block._id }, done);
      case 'QUOTE':
        return deleteQuote.mutate({ pageId, quoteId: block._id }, done);
      case 'IMAGE_ASSET':
      case 'VIDEO_ASSET':
      case 'PROMO_ASSET':
        return deleteAsset.mutate({ pageId, entryId: block._id }, done);
      case 'STATISTIC':
      case 'SOCIALS':
      case 'LATEST_JOBS':
        return deleteDynamic.mutate({ pageId, elementId: block._id }, done);
      case 'TESTIMONIAL_CARD':
        return deleteStory.mutate({ pageId, slug: block.story.slug }, done);
    }
  };

  const choose = (choice: TAddChoice) => {
    switch (choice) {
      case 'TEXT_AREA':
      case 'QUOTE':
        return setDraft(choice);
      case 'IMAGE_ASSET':
      case 'VIDEO_ASSET':
      case 'PROMO_ASSET':
        return setChooser(choice);
      case 'TESTIMONIAL_CARD':
        return setStoryDialog({ story: null });
      default:
        return createDynamic.mutate({ pageId, body: { pageType, type: choice } }, { onError: toastError });
    }
  };

  const present = new Set<TAddChoice>(blocks.map((block) => block.type as TAddChoice));
  const adding = createDynamic.isPending || addAsset.isPending;
  return (
    <Stack spacing={3}>
      {blocks.length === 0 && !draft && (
        <Box
          sx={{ py: 6, textAlign: 'center', border: '2px dashed', borderColor: 'divider', borderRadius: 3 }}
        >
          <Typography sx={{ fontWeight: 600 }}>Nothing on this tab yet</Typography>
          <Typography color="text.secondary">
            Add a text card, a quote, a video or an employee story.
          </Typography>
        </Box>
      )}
      <BlockList pageType={pageType} label="Career page blocks">
        {blocks.map((block) => (
          <Box key={block._id} data-block-id={block._id}>
            <BlockView block={block} page={page} actions={actions} />
          </Box>
        ))}
        {draft === 'TEXT_AREA' && (
          <TextCard
            value={{ header: '', content: '' }}
            editable
            startEditing
            saving={createTextArea.isPending}
            onCancelNew={() => setDraft(null)}
            onSave={(value) =>
              withToast(createTextArea.mutateAsync({ pageId, body: { ...value, pageType } })).then(() =>
                setDraft(null),
              )
            }
          />
        )}
        {draft === 'QUOTE' && (
          <QuoteCard
            value={{ content: '', author: '' }}
            editable
            startEditing
            saving={createQuote.isPending}
            onCancelNew={() => setDraft(null)}
            onSave={(value) =>
              withToast(createQuote.mutateAsync({ pageId, body: { ...value, pageType } })).then(() =>
                setDraft(null),
              )
            }
          />
        )}
      </BlockList>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
        <AddBlockMenu onChoose={choose} present={present} disabled={adding || Boolean(draft)} />
        {pageType === 'STORIES' && (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt />}
            onClick={() => setStoryDialog({ story: null })}
          >
            Add story
          </Button>
        )}
      </Stack>
      {chooser && (
        <Suspense fallback={null}>
          <MediaChooserDialog
            open
            kinds={CHOOSER_KINDS[chooser]}
            onClose={() => setChooser(null)}
            onChoose={(chosen) => {
              setChooser(null);
              addAsset.mutate(
                {
                  pageId,
                  body: {
                    pageType,
                    assetType: chosen.kind,
                    assetId: chosen.asset._id,
                    isPromoAsset: chooser === 'PROMO_ASSET',
                  },
                },
                { onError: toastError },
              );
            }}
          />
        </Suspense>
      )}
      {storyDialog && (
        <StoryDialog
          pageId={pageId}
          pageType={pageType}
          story={storyDialog.story}
          onClose={() => setStoryDialog(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        title={removing?.type === 'TESTIMONIAL_CARD' ? 'Delete this story?' : 'Remove from the page?'}
        confirmLabel={removing?.type === 'TESTIMONIAL_CARD' ? 'Delete' : 'Remove'}
        destructive
        onConfirm={() => removing && confirmRemove(removing)}
        onClose={() => setRemoving(null)}
      >
        {removing && `${blockLabel(removing)} will no longer show on your career page.`}
      </ConfirmDialog>
    </Stack>
  );
}
