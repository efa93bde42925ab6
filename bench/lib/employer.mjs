// Shared by the benchmarks that drive the real server over HTTP: an employer signed up, verified (through the
// dev mailbox) and with a company, and an open job of theirs.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function call(base, method, path, { headers = {}, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text.startsWith('{') ? JSON.parse(text).data : null;
}

/** A new employer with a verified email and a company: the headers their requests carry. */
export async function signUpEmployer(base, { company = 'Bench Coffee' } = {}) {
  const user = {
    email: `bench-${process.pid}-${Date.now()}@northwind-bench.com`,
    password: 'correct-horse-42',
    firstName: 'Erin',
    lastName: 'Bench',
  };
  const signup = await call(base, 'POST', '/api/manager/signup/email', { body: user });
  const auth = { authorization: `Bearer ${signup['access-token']}` };
  await call(base, 'POST', '/api/company', {
    headers: auth,
    body: {
      name: company,
      industry: 'Retail',
      description: 'A company made by the bench.',
      location: { city: 'Leeds', country: 'United Kingdom' },
    },
  });
  let verifyToken;
  for (let i = 0; !verifyToken; i++) {
    const mails = await call(base, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(user.email)}`);
    verifyToken = (mails ?? []).map((m) => /verify-token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
    if (i > 100) throw new Error('no verification email');
    if (!verifyToken) await sleep(100);
  }
  await call(base, 'POST', '/api/manager/signup/email/verify', {
    headers: auth,
    body: { token: verifyToken },
  });
  const me = await call(base, 'GET', '/api/manager/me', { headers: auth });
  return { headers: { ...auth, 'x-company-id': me._company } };
}

/** An open job of the employer with a video question (`isVideoOptional` as given), and its share link's `path`. */
export async function publishJob(base, { headers }, { isVideoOptional }) {
  const job = await call(base, 'POST', '/api/job', {
    headers,
    body: {
      title: 'Barista',
      postHeading: 'Join a friendly team',
      location: { city: 'Leeds', country: 'United Kingdom' },
      description: { ops: [{ insert: 'Serve great coffee to the people of Leeds.\n' }] },
      isVideoOptional,
      videoQuestion: 'What makes a great cup of coffee?',
    },
  });
  await call(base, 'PATCH', `/api/job/${job._id}/status`, {
    headers,
    body: { status: 'open', acknowledged: { firstJob: true } },
  });
  const { shareUrl } = await call(base, 'POST', `/api/job/${job._id}/short`, { headers });
  return { ...job, path: new URL(shareUrl).pathname };
}
