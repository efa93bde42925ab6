import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPublicJob } from '@hirecast/domain/public-job';
import { vi } from 'vitest';
import { makePublicJob } from '../../../test/fixtures.ts';
import ApplyFlow from './apply-flow.tsx';

/** A fake XMLHttpRequest for the CV's PUT to the signed URL: records it, reports 100 %, answers 200. */
export function stubXhr() {
  const puts: { url: string; contentType: string | undefined; body: unknown }[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    status = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(key: string, value: string) {
      this.headers[key] = value;
    }
    send(body: unknown) {
      puts.push({ url: this.url, contentType: this.headers['content-type'], body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = 200;
        this.onload?.();
      }, 0);
    }
    abort() {
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return puts;
}

export function renderFlow(overrides: Partial<TPublicJob> = {}, props: { preview?: boolean } = {}) {
  const onClose = vi.fn();
  const onSubmitted = vi.fn();
  const job = makePublicJob(overrides);
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <ApplyFlow
      job={job}
      preview={props.preview ?? false}
      submitted={false}
      onClose={onClose}
      onSubmitted={onSubmitted}
    />,
  );
  return { ...view, user, job, onClose, onSubmitted };
}

export async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'Ada@Example.com');
}

export const clickContinue = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Continue' }));

export const stepHeading = () =>
  screen.getByRole('heading', { level: 2, name: /Your details|Experience|Video introduction|Review/ });
