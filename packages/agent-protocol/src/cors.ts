/**
 * The CORS rules of spec section 9 for what trackers send to an instance: the method, the
 * request headers a tracker may use, and the response header it may read. The product's,
 * not the customer's: the agent answers every allowed origin's preflight with these, and the
 * console shows them (as the ingress annotations of GET …/config) and refuses a save that
 * changes them. Which origins are allowed is the customer's (AgentConfig.corsOrigins).
 */
export const INGEST_CORS = {
  allowMethods: 'POST',
  allowHeaders: 'Content-Type, Authorization, Content-Encoding',
  exposeHeaders: 'Content-Length',
} as const;

/**
 * What the agent itself exposes to trackers' pages: the spec's Content-Length, and Retry-After,
 * which a browser hides from a cross-origin page unless exposed, and which the tracker's back-off
 * on 429 and 5xx honours (issue 43). The console's ingress annotations keep the spec's list.
 */
export const AGENT_EXPOSED_HEADERS = `${INGEST_CORS.exposeHeaders}, Retry-After`;
