import { Skeleton, Switch, Text } from '@mantine/core';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSaveWeeklyReport, useWeeklyReport } from './api';

export const WEEKLY_REPORT_LABEL = 'Weekly report';
export const WEEKLY_REPORT_SAVED = 'Weekly report setting saved.';
export const WEEKLY_REPORT_FAILED = 'Failed to save the weekly report setting.';

/** GET/POST /config/weekly_report: the member's own weekly summary mail, Mondays at 08:00 UTC. */
export function WeeklyReportToggle() {
  const report = useWeeklyReport();
  const save = useSaveWeeklyReport();
  if (report.isPending) return <Skeleton height={24} maw={320} aria-label="Loading the weekly report setting" />;
  if (report.isError) return <Text c="red">{errorMessage(report.error, 'The weekly report setting could not be loaded.')}</Text>;
  return (
    <Switch
      label={WEEKLY_REPORT_LABEL}
      description="A summary of your account's week (instances, recorded data, spend you may see, notable events), mailed every Monday at 08:00 UTC."
      checked={save.isPending ? (save.variables?.weeklyReport ?? report.data.weeklyReport) : report.data.weeklyReport}
      disabled={save.isPending}
      onChange={(event) =>
        save.mutate({ weeklyReport: event.currentTarget.checked }, { onSuccess: () => notifySuccess(WEEKLY_REPORT_SAVED), onError: (error) => notifyError(errorMessage(error, WEEKLY_REPORT_FAILED)) })
      }
    />
  );
}
