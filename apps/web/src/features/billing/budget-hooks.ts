import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUDGET_MESSAGES, type BudgetStatus, type SaveBudgetInput } from '@replay/contracts';
import { notifySuccess } from '../../lib/notify';
import { billingApi, billingKeys } from './api';

/** The Budget card's read: the spend moves with every hour, so it is read afresh each time the screen opens. */
export function useBudget() {
  return useQuery({ queryKey: billingKeys.budget(), queryFn: ({ signal }) => billingApi.budget(signal), staleTime: 0 });
}

function useBudgetAnswer(message: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return (status: BudgetStatus) => {
    queryClient.setQueryData(billingKeys.budget(), status);
    notifySuccess(message);
    onDone();
  };
}

/** PUT /billing/budget; the form shows a refusal itself (the dialog stays open). */
export function useSaveBudget(onSaved: () => void) {
  const onSuccess = useBudgetAnswer(BUDGET_MESSAGES.saved, onSaved);
  return useMutation({ mutationFn: (body: SaveBudgetInput) => billingApi.saveBudget(body), onSuccess });
}

export function useRemoveBudget(onRemoved: () => void) {
  const onSuccess = useBudgetAnswer(BUDGET_MESSAGES.removed, onRemoved);
  return useMutation({ mutationFn: () => billingApi.removeBudget(), onSuccess });
}
