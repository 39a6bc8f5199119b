/**
 * The one error type services throw. The status is the wire status; the
 * messages go to the client as `{ errors }`, so they must be safe to show.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(messages[0]);
  }
}

export const badRequest = (...m: string[]) => new AppError(400, m);
export const unauthorized = (m = 'Authentication required.') => new AppError(401, [m]);
export const forbidden = (m = "You don't have the necessary permissions to access this feature. Please check with your admin.") =>
  new AppError(403, [m]);
export const notFound = (m = 'Not found.') => new AppError(404, [m]);
export const conflict = (...m: string[]) => new AppError(409, m);
export const unprocessable = (...m: string[]) => new AppError(422, m);
export const tooManyRequests = (m: string, retryAfterSeconds: number) =>
  new AppError(429, [m], { 'retry-after': String(retryAfterSeconds) });
