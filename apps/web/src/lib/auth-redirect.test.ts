import { afterEach, describe, expect, it, vi } from 'vitest';
import { goAfterSignIn, isSitePage } from './auth-redirect.ts';

afterEach(() => vi.unstubAllGlobals());

describe('goAfterSignIn', () => {
  it('loads public site pages (a job preview) and navigates in place to the app’s own routes', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const navigate = vi.fn();
    goAfterSignIn(navigate, '/preview/8d3c1f0e-1111-4a4a-9a9a-123456789abc');
    expect(assign).toHaveBeenCalledWith('/preview/8d3c1f0e-1111-4a4a-9a9a-123456789abc');
    expect(navigate).not.toHaveBeenCalled();
    goAfterSignIn(navigate, '/jobs');
    expect(navigate).toHaveBeenCalledWith('/jobs', { replace: true });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('knows which paths the server renders', () => {
    expect(['/job/leeds/acme/chef-abc123', '/application/tok', '/s/abc'].every(isSitePage)).toBe(true);
    expect(['/jobs', '/jobs/1/edit', '/previewer', '/settings'].some(isSitePage)).toBe(false);
  });
});
