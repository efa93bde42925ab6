// spec 2 §4 Plan card states, as a pure rule: what each card of /plans offers for the number of active jobs
// the person picked, given the company's subscription. The page only renders what this decides.

/** A job count of a plan's price map, or 'more' (the custom entry: spec 2 §3 Plan product). */
export type TJobChoice = number | 'more';

/** The company's paid plan as far as the cards care: which product and how many active jobs. */
export type TCardSubscription = {
  productId: string;
  jobs: number;
  /** false once cancelled or ended: the company is back on the free plan. */
  active: boolean;
};

export type TPlanCardState =
  /** No paid plan yet: this card starts one. */
  | { kind: 'subscribe' }
  /** spec 2 §4: the same plan with more jobs. */
  | { kind: 'increase' }
  /** spec 2 §4: the same plan with fewer jobs. */
  | { kind: 'decrease' }
  /** spec 2 §4: the same plan and jobs, with the active jobs still free under it. */
  | { kind: 'current'; remainingJobs: number }
  /** spec 2 §4: a different plan. */
  | { kind: 'switch' }
  /** spec 2 §4: 'more' (or a count this plan has no price for) is a custom plan. */
  | { kind: 'contact' };

export type TPlanCardInput = {
  productId: string;
  /** The job counts this card's plan has a price for. */
  pricedJobs: readonly number[];
  chosen: TJobChoice;
  subscription: TCardSubscription | null;
  /** The company's active jobs: open jobs other than the first one, which is free forever (spec 2 §9). */
  activeJobs: number;
};

export function planCardState(input: TPlanCardInput): TPlanCardState {
  const { chosen, subscription } = input;
  if (chosen === 'more' || !input.pricedJobs.includes(chosen)) return { kind: 'contact' };
  if (!subscription?.active) return { kind: 'subscribe' };
  if (subscription.productId !== input.productId) return { kind: 'switch' };
  if (chosen > subscription.jobs) return { kind: 'increase' };
  if (chosen < subscription.jobs) return { kind: 'decrease' };
  return { kind: 'current', remainingJobs: Math.max(0, subscription.jobs - input.activeJobs) };
}

/**
 * spec 2 §4 Checkout: a company without a live subscription goes to a checkout session; one with a live
 * subscription has it changed. A cancelled subscription cannot be changed, so buying again is a checkout.
 */
export type TPlanCardAction = 'checkout' | 'update' | 'contact' | 'none';

export function planCardAction(state: TPlanCardState): TPlanCardAction {
  switch (state.kind) {
    case 'subscribe':
      return 'checkout';
    case 'increase':
    case 'decrease':
    case 'switch':
      return 'update';
    case 'contact':
      return 'contact';
    case 'current':
      return 'none';
  }
}

/** The job counts the picker offers: every count some plan has a price for, in order, then 'more'. */
export function jobChoices(pricedJobs: readonly (readonly number[])[]): TJobChoice[] {
  const counts = [...new Set(pricedJobs.flat())].sort((a, b) => a - b);
  return [...counts, 'more'];
}

/**
 * The count the picker starts on: the company's own when it has a live plan and that count is offered,
 * else the smallest count that covers the jobs already live (so a buyer is not offered too few), else the
 * largest offered.
 */
export function initialJobChoice(input: {
  choices: readonly TJobChoice[];
  subscription: TCardSubscription | null;
  activeJobs: number;
}): TJobChoice {
  const counts = input.choices.filter((c): c is number => c !== 'more');
  const own = input.subscription?.active ? input.subscription.jobs : null;
  if (own !== null && counts.includes(own)) return own;
  return counts.find((c) => c >= input.activeJobs) ?? counts.at(-1) ?? 'more';
}
