import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_MESSAGES, endpoints, routes, type AlertRuleInput } from '@replay/contracts';
import { call } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { withServerReason } from '../../components/list/status-text';

export const alertKeys = {
  list: (instanceId: string) => ['alerts', instanceId] as const,
  one: (instanceId: string, alertId: string) => ['alerts', instanceId, alertId] as const,
};

/** The web paths of a site's alert screens (the spec's builders, which prefix the site themselves). */
export const alertPaths = {
  list: (siteId: string) => routes.alerts(siteId),
  create: (siteId: string) => routes.alertCreate(siteId),
  one: (siteId: string, alertId: string) => routes.alert(siteId, alertId),
};

export function useAlertRules(instanceId: string) {
  return useQuery({ queryKey: alertKeys.list(instanceId), queryFn: ({ signal }) => call(endpoints.alertRules, { params: { id: instanceId } }, { signal }), refetchInterval: 60_000 });
}

export function useAlertRule(instanceId: string, alertId: string | null) {
  return useQuery({
    queryKey: alertKeys.one(instanceId, alertId ?? ''),
    queryFn: ({ signal }) => call(endpoints.alertRule, { params: { id: instanceId, alertId: alertId! } }, { signal }),
    enabled: alertId !== null,
    refetchInterval: 60_000,
  });
}

/** Create or save a rule; the toast says which, a refusal says why. */
export function useSaveAlertRule(instanceId: string, alertId: string | null, onSaved: (alertId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertRuleInput) =>
      alertId ? call(endpoints.updateAlertRule, { params: { id: instanceId, alertId }, body }) : call(endpoints.createAlertRule, { params: { id: instanceId }, body }),
    onSuccess: (rule) => {
      void queryClient.invalidateQueries({ queryKey: alertKeys.list(instanceId) });
      notifySuccess(alertId ? ALERT_MESSAGES.saved : ALERT_MESSAGES.created);
      onSaved(rule.alertId);
    },
    onError: (error) => notifyError(withServerReason('The alert rule could not be saved.', error)),
  });
}

export function useDeleteAlertRule(instanceId: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => call(endpoints.deleteAlertRule, { params: { id: instanceId, alertId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: alertKeys.list(instanceId) });
      notifySuccess(ALERT_MESSAGES.deleted);
      onDeleted();
    },
    onError: (error) => notifyError(withServerReason('The alert rule could not be deleted.', error)),
  });
}
