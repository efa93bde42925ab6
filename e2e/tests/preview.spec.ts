import { expect, newUser, signInViaForm, signUpOverApi, test } from './fixtures.ts';

// spec 1 §2: the job card's preview at /preview/{id} on the public site, for the job's team only. A visitor
// who is not signed in signs in first and comes back to the preview.
test('a closed job previews for its team after sign-in, and not for anyone else', async ({
  page,
  request,
  browser,
}) => {
  const user = newUser();
  const { token } = await signUpOverApi(request, user, true);
  const auth = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/manager/me', { headers: auth })).json()).data as {
    _company: string;
  };
  const headers = { ...auth, 'x-company-id': me._company };
  const created = await request.post('/api/job', {
    headers,
    data: {
      title: 'Pastry Chef',
      postHeading: 'Laminate with us',
      description: { ops: [{ insert: 'Croissants at dawn.\n' }] },
      location: { city: 'York', country: 'United Kingdom' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const jobId = (await created.json()).data._id as string;

  await page.goto(`/preview/${jobId}`);
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(new RegExp(`/preview/${jobId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Pastry Chef' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Preview' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  // Someone of another company gets the not-found page.
  const other = newUser();
  await signUpOverApi(request, other, true);
  const stranger = await browser.newPage();
  await stranger.goto('/sign-in');
  await signInViaForm(stranger, other.email, other.password);
  await expect(stranger).toHaveURL(/\/jobs$/);
  const res = await stranger.goto(`/preview/${jobId}`);
  expect(res?.status()).toBe(404);
  await expect(stranger.getByRole('heading', { name: 'Pastry Chef' })).toHaveCount(0);
  await stranger.close();
});
