/** `npm run bench`: every benchmark, figures printed for the closing note. */
import { benchLoginBundle, loginTransferReport } from './bundle-size';
import { benchLighthouse, lighthouseReport } from './lighthouse';
import { benchStartup } from './startup';

const startup = await benchStartup();
console.log(`start-up: fresh data folder ${startup.freshMs} ms, existing data folder ${startup.existingMs} ms (median)`);
const { benchTrackerSize, trackerSizeReport } = await import('./tracker-size');
for (const line of trackerSizeReport(await benchTrackerSize())) console.log(line);
const bundle = await benchLoginBundle();
for (const line of loginTransferReport(bundle, 5)) console.log(line);
const { benchMonitoringCharts, chartsTransferReport } = await import('./monitoring-charts');
for (const line of chartsTransferReport(await benchMonitoringCharts())) console.log(line);
for (const line of lighthouseReport(await benchLighthouse())) console.log(line);
const { benchInstancesList } = await import('./instances-list');
const { benchInstancesCreate } = await import('./instances-create');
const { benchInstancesHealth } = await import('./instances-health');
const { benchInstancesMetrics, metricsReport } = await import('./instances-metrics');
const list = await benchInstancesList();
console.log(
  `instances list with search (10,000 on PostgreSQL): ${list.list.rps} req/s, p99 ${list.list.p99} ms; bare select ${list.baseline.rps} req/s, p99 ${list.baseline.p99} ms; ratio ${list.ratio.toFixed(2)}, CPU per request ratio ${list.cpuRatio.toFixed(2)} (target ≥ 0.8, p99 ≤ 20 ms)`,
);
console.log(
  `instances list unfiltered (what an open console polls): ${list.poll.rps} req/s, p99 ${list.poll.p99} ms; ratio ${list.pollRatio.toFixed(2)}, CPU per request ratio ${list.pollCpuRatio.toFixed(2)}`,
);
const create = await benchInstancesCreate();
console.log(`create → running (local driver): median ${create.medianMs} ms of ${create.runs} (target ≤ 3000 ms)`);
const health = await benchInstancesHealth();
console.log(`health round over ${health.instances} instances: ${health.durationMs} ms, CPU ${health.cpuMs} ms = ${(health.coreShare * 100).toFixed(1)} % of a core (target ≤ 10 %)`);
for (const line of metricsReport(await benchInstancesMetrics())) console.log(line);
const { benchBillingClose, closeReport } = await import('./billing-close');
for (const line of closeReport(await benchBillingClose())) console.log(line);
const { benchBillingUtilization, utilizationReport } = await import('./billing-utilization');
for (const line of utilizationReport(await benchBillingUtilization())) console.log(line);
const { benchBudgetRound, budgetRoundReport } = await import('./budget-round');
for (const line of budgetRoundReport(await benchBudgetRound())) console.log(line);
const { benchWebhooksFanout, fanoutReport } = await import('./webhooks-fanout');
for (const line of fanoutReport(await benchWebhooksFanout())) console.log(line);
const { benchSsoRoundTrip, ssoRoundTripReport } = await import('./sso-round-trip');
for (const line of ssoRoundTripReport(await benchSsoRoundTrip())) console.log(line);
const { benchNotificationCount, notificationCountReport } = await import('./notification-count');
for (const line of notificationCountReport(await benchNotificationCount())) console.log(line);
const { benchApiKeyList, apiKeyListReport } = await import('./api-key-list');
for (const line of apiKeyListReport(await benchApiKeyList())) console.log(line);
const { benchTakeover, takeoverReport } = await import('./takeover');
for (const line of takeoverReport(await benchTakeover())) console.log(line);
const { benchLoadBalancer, loadBalancerReport } = await import('./load-balancer');
for (const line of loadBalancerReport(await benchLoadBalancer())) console.log(line);
const { benchPushLatency, pushLatencyReport } = await import('./push-latency');
for (const line of pushLatencyReport(await benchPushLatency())) console.log(line);
const { benchAuditAppend, auditAppendReport } = await import('./audit-append');
for (const line of auditAppendReport(await benchAuditAppend())) console.log(line);
const { benchIngestStorage, ingestStorageReport } = await import('./ingest-storage');
for (const line of ingestStorageReport(await benchIngestStorage())) console.log(line);
const { benchReplay, replayReport } = await import('./replay');
for (const line of replayReport(await benchReplay())) console.log(line);
const { benchRecordingOverhead, recordingOverheadReport } = await import('./recording-overhead');
for (const line of recordingOverheadReport(await benchRecordingOverhead())) console.log(line);
const { benchScimProvisioning, scimProvisioningReport } = await import('./scim-provisioning');
for (const line of scimProvisioningReport(await benchScimProvisioning())) console.log(line);
