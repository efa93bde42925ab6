// The embedded checkout takes Stripe's published test card numbers only (https://docs.stripe.com/testing):
// the ones that succeed, and the ones that decline, so both outcomes can be tried without a Stripe account.
// Any other number is refused: this page must never see a real card.

const SUCCEEDING = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '4000008260000000', // Visa (GB)
  '4000058260000005', // Visa debit (GB)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club (14 digits)
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
]);

const DECLINING: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000009979': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
  '4000000000000341': 'Your card was declined.',
};

export type TCardOutcome = { ok: true } | { ok: false; declined: boolean; message: string };

export function chargeTestCard(input: { number: string; expiry: string; cvc: string }): TCardOutcome {
  const number = input.number.replace(/[\s-]/g, '');
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) {
    return { ok: false, declined: false, message: 'Enter the expiry date as MM / YY.' };
  }
  const endOfMonth = new Date(2000 + Number(expiry[2]), Number(expiry[1]), 1);
  if (endOfMonth <= new Date())
    return { ok: false, declined: false, message: "Your card's expiry date is in the past." };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return { ok: false, declined: false, message: "Your card's security code is incomplete." };
  }
  if (SUCCEEDING.has(number)) return { ok: true };
  const decline = DECLINING[number];
  if (decline) return { ok: false, declined: true, message: decline };
  return {
    ok: false,
    declined: false,
    message: 'This test checkout takes Stripe test cards only, such as 4242 4242 4242 4242.',
  };
}
