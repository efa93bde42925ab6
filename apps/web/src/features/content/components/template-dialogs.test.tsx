import { afterEach, describe, it, vi } from 'vitest';
import {
  CAPTIONED_VIDEO,
  expectCaptionedPlayer,
  renderWithCaptions,
} from '../../../test/captions-support.tsx';
import { makeTemplate } from '../../../test/template-fixtures.ts';
import { ViewTemplateDialog } from './template-dialogs.tsx';

// Issue 34 item 2: a rendered animated video's view plays the captions made from its render plan, with the CC
// button.
describe('ViewTemplateDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('plays the rendered video with its captions', async () => {
    const template = makeTemplate({
      _file: CAPTIONED_VIDEO,
      videoMp4Url_720p: '/files/render-720.mp4',
      status: 'rendered',
    });
    renderWithCaptions(<ViewTemplateDialog template={template} onClose={() => {}} />);
    await expectCaptionedPlayer('Animated video: Join our team');
  });
});
