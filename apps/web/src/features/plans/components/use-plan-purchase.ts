import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { TPlanProduct } from '@hirecast/domain/billing';
import { errorMessage } from '../../../lib/api-client.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { useUpdateSubscription } from '../api/update-subscription.ts';
import type { TPlanChange } from './change-plan-dialog.tsx';
import type { TPlanChangeKind } from './payment-result-dialog.tsx';

const CHANGE_KINDS: readonly TPlanChangeKind[] = ['increase', 'decrease', 'switch'];

/**
 * Buying a plan from /plans: a first plan goes to the checkout (the page stays busy while the browser leaves), a
 * change is asked in the change dialog and then applied; a refusal (more jobs live than the plan allows) is said in
 * that dialog. `changed` is the kind of change made, until the dialog has closed.
 */
export function usePlanPurchase() {
  const checkout = useStartCheckout();
  const update = useUpdateSubscription();
  const [busyProduct, setBusyProduct] = useState<string | null>(null);
  const [change, setChange] = useState<TPlanChange | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);
  const [changed, setChanged] = useState<TPlanChangeKind | null>(null);

  const buy = (product: TPlanProduct, amount: number) => {
    setBusyProduct(product.id);
    checkout.mutate(
      { priceId: product.priceId, amount },
      {
        onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
        onError: (err) => {
          setBusyProduct(null);
          toast.error(errorMessage(err));
        },
      },
    );
  };

  const ask = (next: TPlanChange) => {
    setChangeError(null);
    setChange(next);
  };

  const applyChange = ({ product, amount, kind }: TPlanChange) => {
    setBusyProduct(product.id);
    setChangeError(null);
    update.mutate(
      { priceId: product.priceId, amount },
      {
        // spec 2 §4: then /plans?success=1, once the confirmation has closed (see ChangePlanDialog).
        onSuccess: () => {
          setChanged(kind === 'increase' || kind === 'decrease' ? kind : 'switch');
          setChange(null);
        },
        onError: (err) => setChangeError(errorMessage(err)),
        onSettled: () => setBusyProduct(null),
      },
    );
  };

  return {
    busyProduct,
    change,
    changeError,
    changed,
    updating: update.isPending,
    buy,
    ask,
    applyChange,
    closeChange: () => !update.isPending && setChange(null),
    clearChanged: () => setChanged(null),
  };
}

/** The payment result the checkout or a change came back with (?success=1|0&change=…), and closing it. */
export function usePaymentResult() {
  const [params, setParams] = useSearchParams();
  const success = params.get('success');
  const result = success === '1' ? ('success' as const) : success === '0' ? ('failure' as const) : null;
  const changeKind = params.get('change');
  const resultChange = CHANGE_KINDS.find((k) => k === changeKind) ?? null;
  const closeResult = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('success');
        next.delete('change');
        return next;
      },
      { replace: true },
    );
  return { result, resultChange, closeResult };
}
