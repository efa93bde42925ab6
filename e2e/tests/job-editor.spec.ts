import { deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { expect, signInViaForm, test } from './fixtures.ts';
import { employer } from './public-site-support.ts';

// A real (tiny) PNG, so the server's byte check of the upload passes. 32x18 is 16:9: no crop warning.
function makePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x6a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('edit every Details field, generate the description with AI, reload, invite a team member', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // A confirmed email: inviting the team sends email, which needs a confirmed sender.
  const { user, headers } = await employer(request);
  const created = await request.post('/api/job', {
    headers,
    data: {
      title: 'Barista',
      postHeading: 'We are hiring',
      location: { city: 'Leeds', country: 'United Kingdom' },
      description: { ops: [{ insert: 'A first draft.\n' }] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const jobId = (await created.json()).data._id as string;

  await page.goto('/sign-in');
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/jobs$/);
  await page.goto(`/jobs/${jobId}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit', exact: true })).toBeVisible();
  // Field messages are checked in the form; the same text also appears in a toast.
  const details = page.getByRole('tabpanel', { name: 'Details' });

  // Title: the counter and the maximum.
  const title = page.getByRole('textbox', { name: 'Job title' });
  await title.fill('Head Barista');
  await expect(page.getByText('12/90')).toBeVisible();

  // Location autocomplete.
  const location = page.getByRole('combobox', { name: 'Location', exact: true });
  await location.fill('Ma');
  await expect(page.getByText('Please type in at least 3 symbols')).toBeVisible();
  await location.fill('Manchester');
  await page
    .getByRole('option', { name: /^Manchester/ })
    .first()
    .click();
  await expect(location).toHaveValue(/^Manchester/);

  // Post heading with the job title placeholder.
  const heading = page.getByRole('textbox', { name: 'Job post heading' });
  await heading.fill('Pour with us as a ');
  await page.getByRole('button', { name: 'Insert job title' }).click();
  await expect(heading).toHaveValue('Pour with us as a {{jobTitle}}');

  // Video link and image.
  const video = page.getByRole('textbox', { name: 'Video link' });
  await video.fill('https://example.com/not-a-video');
  await expect(details.getByText('This link seems to be invalid')).toBeVisible();
  await video.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(page.getByTitle('Job video preview')).toHaveAttribute(
    'src',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
  );
  await page
    .getByLabel('Job image file')
    .setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: makePng(32, 18) });
  await expect(page.getByRole('img', { name: 'Job image' })).toBeVisible();

  // Job details.
  await page.getByRole('combobox', { name: 'Employment type' }).click();
  await page.getByRole('option', { name: 'Full-time' }).click();
  await page.getByRole('combobox', { name: 'Location type' }).click();
  await page.getByRole('option', { name: 'Flexible (hybrid)' }).click();
  const salaryFrom = page.getByRole('textbox', { name: 'Salary from' });
  await salaryFrom.fill('25k');
  await expect(details.getByText('Salary should be numeric value.')).toBeVisible();
  await salaryFrom.fill('25,000');
  await page.getByRole('textbox', { name: 'Salary to' }).fill('30,000');
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'USD' }).click();
  await page.getByRole('combobox', { name: 'Per' }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();

  // Listing options.
  const preLaunch = page.getByRole('switch', { name: 'Pre-launch' });
  const preLaunchWas = await preLaunch.isChecked();
  await preLaunch.click();
  await page.getByRole('switch', { name: 'Show other jobs' }).click();
  await page.getByRole('switch', { name: 'Hide location' }).click();

  // Applications: redirect needs a link.
  await page.getByRole('switch', { name: 'Redirect candidates to your ATS' }).click();
  await expect(details.getByText('In order to use existing ATS please type the link below')).toBeVisible();
  await page.getByRole('textbox', { name: 'Application page link' }).fill('https://ats.example.com/apply');
  const ats = page.getByRole('switch', { name: 'Unpublish job when application page expired' });
  await expect(ats).toBeEnabled();
  await ats.click();
  await page.getByRole('combobox', { name: 'Video intro question' }).click();
  const preset = 'What interests you most about this job and our company?';
  await page.getByRole('option', { name: preset }).click();
  await page
    .getByRole('textbox', { name: 'Custom question' })
    .fill('Do you hold a food hygiene certificate?');

  // AI assistant: the cascade enables the shortlist controls in order.
  await expect(page.getByRole('switch', { name: 'Shortlist emails' })).toBeDisabled();
  await page.getByRole('switch', { name: 'CV ranking' }).click();
  await page.getByRole('switch', { name: 'Auto-shortlist' }).click();
  await page.getByRole('switch', { name: 'Shortlist emails' }).click();
  await page.getByRole('spinbutton', { name: 'Shortlist score' }).fill('3.5');

  // Description from the AI wizard (the embedded offline composer answers).
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  const wizard = page.getByRole('dialog', { name: 'Generate with AI' });
  const answers = [
    'Serve espresso drinks, train new baristas and keep the bar spotless.',
    'Two years behind a busy bar, calm under pressure, loves coffee.',
    'Free drinks on shift, 28 days holiday and paid latte art training.',
    'A small independent roastery that cares about people and the planet.',
  ];
  for (const answer of answers) {
    await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
    await wizard.getByRole('textbox').last().fill(answer);
    await wizard.getByRole('button', { name: 'Next' }).click();
  }
  await wizard.getByRole('radio', { name: 'Warm' }).click();
  await wizard.getByRole('button', { name: 'Generate' }).click();
  await page
    .getByRole('dialog', { name: 'Replace your description?' })
    .getByRole('button', { name: 'Replace' })
    .click();
  await expect(wizard).toBeHidden({ timeout: 20_000 });
  const editor = page.getByRole('textbox', { name: 'Job description' });
  await expect(editor).toContainText('Head Barista');
  await expect(editor).not.toContainText('A first draft.');
  const generatedStart = ((await editor.innerText()).split('\n')[0] ?? '').slice(0, 40);

  // Let every debounced save go out, then reload.
  await page.waitForTimeout(1_000);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();

  await expect(title).toHaveValue('Head Barista');
  await expect(location).toHaveValue(/^Manchester/);
  await expect(heading).toHaveValue('Pour with us as a {{jobTitle}}');
  await expect(video).toHaveValue('https://www.youtube.com/embed/dQw4w9WgXcQ');
  await expect(page.getByRole('img', { name: 'Job image' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Employment type' })).toHaveText('Full-time');
  await expect(page.getByRole('combobox', { name: 'Location type' })).toHaveText('Flexible (hybrid)');
  await expect(salaryFrom).toHaveValue('25,000');
  await expect(page.getByRole('textbox', { name: 'Salary to' })).toHaveValue('30,000');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText('USD');
  await expect(page.getByRole('combobox', { name: 'Per' })).toHaveText('Monthly');
  await expect(preLaunch).toBeChecked({ checked: !preLaunchWas });
  await expect(page.getByRole('switch', { name: 'Show other jobs' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Hide location' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Redirect candidates to your ATS' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Application page link' })).toHaveValue(
    'https://ats.example.com/apply',
  );
  await expect(ats).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Video intro question' })).toHaveText(preset);
  await expect(page.getByRole('textbox', { name: 'Custom question' })).toHaveValue(
    'Do you hold a food hygiene certificate?',
  );
  await expect(page.getByRole('switch', { name: 'CV ranking' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Auto-shortlist' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Shortlist emails' })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Shortlist score' })).toHaveValue('3.5');
  await expect(editor).toContainText(generatedStart);

  // Team settings: invite a member.
  await page.getByRole('tab', { name: 'Team settings' }).click();
  await expect(page).toHaveURL(/\?tab=team$/);
  const invitee = `invitee-${randomBytes(4).toString('hex')}@northwind-e2e.com`;
  await page.getByRole('textbox', { name: 'Email' }).fill(invitee.toUpperCase());
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Job Manager' }).click();
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invitation to ${invitee} is sent`)).toBeVisible();
  const members = page.getByRole('list', { name: 'Job team members' });
  await expect(members.getByText(invitee)).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(invitee);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText('This email is already in the list!')).toBeVisible();
});
