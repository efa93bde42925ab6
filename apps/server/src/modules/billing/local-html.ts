import {
  formatPounds,
  monthlyPence,
  pricedJobs,
  type TPlanProduct,
  type TSubscription,
} from '@hirecast/domain/billing';
import { escapeHtml as e } from '../../lib/email-layout.ts';

// The embedded provider's two pages, plain server-rendered HTML (no script: the CSP allows our own only).

const STYLE = `body{margin:0;background:#f4f5f4;font-family:system-ui,Arial,sans-serif;color:#1d2320}
main{max-width:480px;margin:0 auto;padding:32px 16px}.card{background:#fff;border-radius:10px;padding:24px;margin-bottom:16px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#5b635f;font-size:14px}label{display:block;font-weight:600;margin:14px 0 4px}
input,select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #b7bdb9;border-radius:6px;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}button{margin-top:18px;width:100%;padding:12px;border:0;border-radius:6px;
background:#44504B;color:#fff;font-size:16px;font-weight:600;cursor:pointer}button.secondary{background:#fff;color:#44504B;
border:1px solid #44504B}.error{background:#fdecea;color:#8a1c12;padding:10px;border-radius:6px;margin-top:12px}
.test{background:#fff4e5;color:#663c00;padding:10px;border-radius:6px;font-size:14px;margin-bottom:16px}a{color:#44504B}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const TEST_NOTE = `<p class="test" role="note">Test mode: no real payment is taken. Use 4242 4242 4242 4242 with any future date and any CVC; 4000 0000 0000 0002 is declined.</p>`;

export function checkoutPage(input: {
  action: string;
  product: TPlanProduct;
  jobs: number;
  cancelUrl: string;
  error?: string;
  values?: { number?: string; expiry?: string; name?: string };
}) {
  const total = monthlyPence(input.product.prices, input.jobs) ?? 0;
  const v = input.values ?? {};
  return page(
    'Checkout (test mode)',
    `${TEST_NOTE}<div class="card"><h1>${e(input.product.name)}</h1>
<p class="muted">${input.jobs} active job${input.jobs === 1 ? '' : 's'} · ${e(formatPounds(total))} per month</p>
<form method="post" action="${e(input.action)}">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" value="${e(v.number ?? '')}" required>
<div class="row"><div><label for="expiry">Expiry date</label><input id="expiry" name="expiry" placeholder="MM / YY" value="${e(v.expiry ?? '')}" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="off" placeholder="123" required></div></div>
<label for="name">Name on card</label><input id="name" name="name" value="${e(v.name ?? '')}">
${input.error ? `<p class="error" role="alert">${e(input.error)}</p>` : ''}
<button type="submit">Pay and subscribe</button></form>
<p><a href="${e(input.cancelUrl)}">Cancel and go back</a></p></div>`,
  );
}

export function expiredPage(returnUrl: string) {
  return page(
    'Session expired',
    `<div class="card"><h1>This page has expired</h1><p class="muted">Start again from the plans page.</p><p><a href="${e(returnUrl)}">Back to plans</a></p></div>`,
  );
}

export function portalPage(input: {
  action: string;
  returnUrl: string;
  subscription: TSubscription | null;
  products: TPlanProduct[];
  /** A change the portal refused (more jobs live than the plan would allow). */
  error?: string;
}) {
  const { subscription: s } = input;
  const options = input.products
    .flatMap((p) =>
      pricedJobs(p.prices).map((jobs) => {
        const value = `${p.priceId}:${jobs}`;
        const selected = s && s.priceId === p.priceId && s.jobs === jobs ? ' selected' : '';
        const price = formatPounds(monthlyPence(p.prices, jobs) ?? 0);
        return `<option value="${e(value)}"${selected}>${e(p.name)} · ${jobs} active job${jobs === 1 ? '' : 's'} · ${e(price)} per month</option>`;
      }),
    )
    .join('');
  const live = s?.active ?? false;
  const summary = s
    ? `<p><strong>${e(s.priceName)}</strong>, ${s.jobs} active job${s.jobs === 1 ? '' : 's'}. Status: ${e(s.status)}.</p>
${s.willChange && s._next?.at ? `<p class="muted">Cancels on ${e(s._next.at.slice(0, 10))}.</p>` : ''}
${s.paymentFailed ? '<p class="error" role="alert">The last payment failed.</p>' : ''}`
    : '<p>No plan.</p>';
  const button = (action: string, label: string, secondary = true) =>
    `<form method="post" action="${e(input.action)}"><input type="hidden" name="action" value="${action}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${e(label)}</button></form>`;
  const manage = live
    ? `<div class="card"><form method="post" action="${e(input.action)}"><input type="hidden" name="action" value="change">
<label for="plan">Change plan</label><select id="plan" name="plan">${options}</select>
${input.error ? `<p class="error" role="alert">${e(input.error)}</p>` : ''}<button type="submit">Change plan</button></form>
${s?.willChange ? button('resume', 'Keep my plan') : button('cancel-at-period-end', 'Cancel at the end of the period')}
${button('cancel-now', 'Cancel plan now')}</div>
<div class="card"><p class="muted">Test mode: try what happens when a renewal payment fails or succeeds.</p>
${button('fail-payment', 'Simulate a failed payment')}${button('pay', 'Simulate a successful payment')}</div>`
    : '';
  return page(
    'Billing management (test mode)',
    `${TEST_NOTE}<div class="card"><h1>Billing management</h1>${summary}</div>${manage}
<p><a href="${e(input.returnUrl)}">Return to Hirecast</a></p>`,
  );
}
