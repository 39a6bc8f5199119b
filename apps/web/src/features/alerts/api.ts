import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_MESSAGES, endpoints, routes, type AlertRuleInput } from '@replay/contracts';
import { call } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { withServerReason } from '../../components/list/status-text';
import type { Site } from '../projects/SiteScope';

/** A site's rules: the calls name the instance and, in `?siteId=`, its project. */
export const alertKeys = {
  list: (site: Site) => ['alerts', site.instanceId, site.siteId] as const,
  one: (site: Site, alertId: string) => ['alerts', site.instanceId, site.siteId, alertId] as const,
};
const on = (site: Site) => ({ query: { siteId: site.siteId } });

/** The web paths of a site's alert screens (the spec's builders, which prefix the site themselves). */
export const alertPaths = {
  list: (siteId: string) => routes.alerts(siteId),
  create: (siteId: string) => routes.alertCreate(siteId),
  one: (siteId: string, alertId: string) => routes.alert(siteId, alertId),
};

export function useAlertRules(site: Site) {
  return useQuery({ queryKey: alertKeys.list(site), queryFn: ({ signal }) => call(endpoints.alertRules, { params: { id: site.instanceId }, ...on(site) }, { signal }), refetchInterval: 60_000 });
}

export function useAlertRule(site: Site, alertId: string | null) {
  return useQuery({
    queryKey: alertKeys.one(site, alertId ?? ''),
    queryFn: ({ signal }) => call(endpoints.alertRule, { params: { id: site.instanceId, alertId: alertId! }, ...on(site) }, { signal }),
    enabled: alertId !== null,
    refetchInterval: 60_000,
  });
}

/** Create or save a rule; the toast says which, a refusal says why. */
export function useSaveAlertRule(site: Site, alertId: string | null, onSaved: (alertId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertRuleInput) =>
      alertId
        ? call(endpoints.updateAlertRule, { params: { id: site.instanceId, alertId }, ...on(site), body })
        : call(endpoints.createAlertRule, { params: { id: site.instanceId }, ...on(site), body }),
    onSuccess: (rule) => {
      void queryClient.invalidateQueries({ queryKey: alertKeys.list(site) });
      notifySuccess(alertId ? ALERT_MESSAGES.saved : ALERT_MESSAGES.created);
      onSaved(rule.alertId);
    },
    onError: (error) => notifyError(withServerReason('The alert rule could not be saved.', error)),
  });
}

export function useDeleteAlertRule(site: Site, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => call(endpoints.deleteAlertRule, { params: { id: site.instanceId, alertId }, ...on(site) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: alertKeys.list(site) });
      notifySuccess(ALERT_MESSAGES.deleted);
      onDeleted();
    },
    onError: (error) => notifyError(withServerReason('The alert rule could not be deleted.', error)),
  });
}
